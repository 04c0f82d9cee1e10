import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestClockObject } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { modeKey } from '../../../lib/query-client.ts';
import { useTestClocks } from '../developers/test-clocks/use-test-clocks.ts';

/**
 * The clocks a customer can be put on: the first page only, which is plenty for test mode. The row
 * and its dialog ask the same page, so the dialog opens on the clocks the row has already read.
 */
const CLOCK_CHOICES = 100;

/** Test mode's clocks; never live mode's, which has none (the API would answer 400). */
export function useTestClockChoices() {
  return useTestClocks(false, 0, CLOCK_CHOICES);
}

/** How a clock is named to the merchant: its name, or its id when it has none. */
export const clockLabel = (clock: Pick<TestClockObject, 'id' | 'name'>) => clock.name ?? clock.id;

/**
 * Puts the customer on a clock (its id) or takes it off (null). On success every query of the
 * customer is read again (its page's summary among them), and the promise waits for that, so the
 * page shows the new clock as the dialog closes.
 */
export function useCustomerTestClock(customerId: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testClock: string | null) =>
      kioskClient.call('PUT /api/customers/:id/test-clock', {
        params: { id: customerId },
        body: { test_clock: testClock },
        query: { livemode },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'customer', customerId) }),
  });
}
