import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyCustomer } from '@kiosk/contracts';
import { useKiosk } from '../provider/KioskProvider.tsx';
import { SESSION_QUERY_KEY, useKioskSession } from '../session/use-kiosk-session.ts';

const customerKey = (livemode: boolean) => ['customer-me', livemode] as const;

/**
 * Who is buying: the signed-in user, or the customer an embedding host's authToken names. Their
 * customer record (seed 000 §7 `GET /api/customers/me?skipSummary=1&fallback=1`) prefills the form.
 */
export function useBuyer(livemode: boolean) {
  const { client, signIn } = useKiosk();
  const queryClient = useQueryClient();
  const session = useKioskSession();
  const identified = Boolean(session.data?.user) || client.authToken() !== undefined;
  const customerQuery = {
    queryKey: customerKey(livemode),
    queryFn: () => client.call('GET /api/customers/me', { query: { skipSummary: 1, fallback: 1, livemode } }),
  };
  const customer = useQuery({ ...customerQuery, enabled: identified });

  return {
    identified,
    /** The server's test wallet may answer (test mode and demos). */
    testWallet: session.data?.test_wallet ?? false,
    customer: customer.data,
    /** Signs in through the host; answers the fresh customer record, or undefined when the buyer gave up. */
    async signIn(): Promise<MyCustomer | undefined> {
      if (!signIn || !(await signIn())) return undefined;
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      return queryClient.fetchQuery(customerQuery);
    },
    canSignIn: Boolean(signIn),
  };
}
