import type { TestClockObject, testClockCustomerSchema } from '@kiosk/contracts';
import type { z } from 'zod';
import { customerView } from '../customers/view.ts';
import { flag } from '../db.ts';
import type { ClockedCustomerRow, TestClockRow } from './table.ts';

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

/** A customer with the clock it is on, as Stripe's customer carries it (`test_clock`). */
export function clockedCustomerView(row: ClockedCustomerRow): z.infer<typeof testClockCustomerSchema> {
  return { ...customerView(row), test_clock: row.test_clock_id };
}
