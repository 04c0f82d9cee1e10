import { PAYMENTS_EVENT_TYPES, type PaymentsEventName } from '@kiosk/contracts/event-types';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PaymentsEventType } from './events.ts';

/**
 * The developers screen offers the contracts' names (packages/contracts/src/event-types.ts), and
 * webhooks send this module's catalogue: an event named on one side only is a type error here (tsc
 * checks the tests too), so the two lists cannot drift apart.
 */
describe("Kiosk Pay's event names", () => {
  it('are the same in the catalogue and in the contracts', () => {
    expectTypeOf<PaymentsEventType>().toEqualTypeOf<PaymentsEventName>();
    expect(new Set(PAYMENTS_EVENT_TYPES).size).toBe(PAYMENTS_EVENT_TYPES.length);
  });
});
