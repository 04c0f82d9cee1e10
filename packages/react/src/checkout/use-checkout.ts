import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { KioskClient } from '../api/kiosk-client.ts';
import type { CheckoutEnvelope, CheckoutSession, ExpandedPrice, SubmitAnswer } from '../payments/types.ts';
import { useKiosk } from '../provider/KioskProvider.tsx';
import { isCompleted } from './page-state.ts';

/** Seed 000 §9: while paying, the session is read every 2 s for up to 3 minutes. */
export const PAYING_POLL_MS = 2_000;
export const PAYING_TIMEOUT_MS = 3 * 60_000;

export const checkoutKey = (sessionId: string) => ['checkout', sessionId] as const;

const sessionPath = (id: string, action: string) =>
  `/api/checkout-sessions/${encodeURIComponent(id)}/${action}`;

/**
 * The checkout of `id`: a payment link starts a session once (`POST …/start/{plink}`, which the server
 * also deduplicates for 3 s), a session id is read as it is. Answers the session's id when known.
 */
export function useCheckout(
  id: string,
  options: { enabled: boolean; polling: boolean; extraParams?: string },
) {
  const { client } = useKiosk();
  const queryClient = useQueryClient();
  const isLink = id.startsWith('plink_');

  const startKey = ['checkout-start', id, options.extraParams ?? ''] as const;
  const started = useQuery({
    queryKey: startKey,
    // Once started, never again: a refetch (a sign-in invalidates every query) would be a new session.
    enabled: options.enabled && isLink && queryClient.getQueryData(startKey) === undefined,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    queryFn: async () => {
      const query = options.extraParams ? `?${options.extraParams}` : '';
      const envelope = await client.request<CheckoutEnvelope>(
        `/api/checkout-sessions/start/${encodeURIComponent(id)}${query}`,
        { method: 'POST' },
      );
      queryClient.setQueryData(checkoutKey(envelope.checkoutSession.id), envelope);
      return envelope.checkoutSession.id;
    },
  });

  const sessionId = isLink ? started.data : id;
  const envelope = useQuery({
    queryKey: checkoutKey(sessionId ?? ''),
    enabled: options.enabled && sessionId !== undefined,
    queryFn: () =>
      client.request<CheckoutEnvelope>(`/api/checkout-sessions/retrieve/${encodeURIComponent(sessionId!)}`),
    // A completed session is final: the success page needs no more reads.
    refetchInterval: (query) =>
      options.polling && !(query.state.data && isCompleted(query.state.data.checkoutSession))
        ? PAYING_POLL_MS
        : false,
    retry: false,
  });

  return {
    sessionId,
    envelope: envelope.data,
    error: started.error ?? envelope.error,
    refetch: envelope.refetch,
  };
}

function replaceSession(queryClient: QueryClient, session: CheckoutSession): void {
  queryClient.setQueryData<CheckoutEnvelope>(checkoutKey(session.id), (old) =>
    old ? { ...old, checkoutSession: session } : old,
  );
}

export type SessionEdit =
  | { type: 'upsell'; from: string; to: string }
  | { type: 'downsell'; from: string }
  | { type: 'addCrossSell'; to: string }
  | { type: 'removeCrossSell' }
  | { type: 'amount'; priceId: string; amount: bigint };

function sendEdit(client: KioskClient, sessionId: string, edit: SessionEdit): Promise<CheckoutSession> {
  switch (edit.type) {
    case 'upsell':
      return client.request(sessionPath(sessionId, 'upsell'), {
        method: 'PUT',
        body: { from: edit.from, to: edit.to },
      });
    case 'downsell':
      return client.request(sessionPath(sessionId, 'downsell'), { method: 'PUT', body: { from: edit.from } });
    case 'addCrossSell':
      return client.request(sessionPath(sessionId, 'cross-sell'), { method: 'PUT', body: { to: edit.to } });
    case 'removeCrossSell':
      return client.request(sessionPath(sessionId, 'cross-sell'), { method: 'DELETE' });
    case 'amount':
      return client.request(sessionPath(sessionId, 'amount'), {
        method: 'PUT',
        body: { priceId: edit.priceId, amount: edit.amount.toString() },
      });
  }
}

/** Seed 000 §7: upsell, downsell, cross-sell and amount answer the updated session. */
export function useSessionEdit(sessionId: string) {
  const { client } = useKiosk();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: SessionEdit) => sendEdit(client, sessionId, edit),
    onSuccess: (session) => replaceSession(queryClient, session),
  });
}

export interface SubmitBody {
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  payment_method: string;
  payment_currency: string;
  billing_address?: Record<string, string>;
}

export function useSubmitCheckout(sessionId: string) {
  const { client } = useKiosk();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBody) =>
      client.request<SubmitAnswer>(sessionPath(sessionId, 'submit'), { method: 'PUT', body }),
    onSuccess: (answer) => {
      const { paymentInstructions: _instructions, balance: _b, delegation: _d, ...envelope } = answer;
      queryClient.setQueryData<CheckoutEnvelope>(checkoutKey(sessionId), envelope);
    },
  });
}

/** The price offered beside the session, or null when there is none. */
export function useCrossSellOffer(sessionId: string, enabled: boolean) {
  const { client } = useKiosk();
  return useQuery({
    queryKey: ['checkout-cross-sell', sessionId],
    enabled,
    staleTime: Infinity,
    retry: false,
    queryFn: () =>
      client.request<ExpandedPrice | null>(`${sessionPath(sessionId, 'cross-sell')}?skipError=1`),
  });
}
