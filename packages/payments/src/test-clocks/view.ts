import type { TestClockObject } from '@kiosk/contracts';
import { flag } from '../db.ts';
import type { TestClockRow } from './table.ts';

/** A clock as Stripe shows one (`test_helpers.test_clock`). */
export function testClockView(row: TestClockRow): TestClockObject {
  return {
    id: row.id,
    object: 'test_helpers.test_clock',
    livemode: flag(row.livemode),
    name: row.name,
    frozen_time: Number(row.frozen_time),
    status: row.status,
    created: Number(row.created_at),
  };
}
