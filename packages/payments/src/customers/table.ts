import { billingAddress, metadata } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Json, Row } from '../columns.ts';

export type CustomerRow = Row & {
  did: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  address: Json;
  metadata: Json;
  /** The test clock whose time bills it (test mode; docs/test-clocks.md). */
  test_clock_id: string | null;
};

export const customerJson = jsonColumns('customers', {
  address: jsonColumn(billingAddress, {}),
  /** The phone's country as given at checkout (`{ phone: { country, phoneNumber } }`), and the merchant's. */
  metadata: jsonColumn(metadata, {}),
});
