import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { KioskClient } from '@kiosk/sdk';
import type { CheckoutEnvelope, CheckoutSession, SubmitBody } from '@kiosk/contracts';
import { useKiosk } from '../provider/KioskProvider.tsx';
import { sessionQuery } from '../session/use-kiosk-session.ts';
import { isCheckoutId, isCompleted } from './page-state.ts';

/** Seed 000 §9: while paying, the session is read every 2 s for up to 3 minutes. */
export const PAYING_POLL_MS = 2_000;
export const PAYING_TIMEOUT_MS = 3 * 60_000;

export const checkoutKey = (sessionId: string) => ['checkout', sessionId] as const;

const startKey = (linkId: string, extraParams = '') => ['checkout-start', linkId, extraParams] as const;

/** The next checkout of `linkId` starts a new session (a donor giving again after paying). */
export function forgetStartedCheckout(queryClient: QueryClient, linkId: string): void {
  queryClient.removeQueries({ queryKey: ['checkout-start', linkId] });
}

/** Starting a session from a payment link, once: the query answers the new session's id. */
function startQuery(client: KioskClient, queryClient: QueryClient, linkId: string, extraParams?: string) {
  return queryOptions({
    queryKey: startKey(linkId, extraParams),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    queryFn: async () => {
      const envelope = await client.call('POST /api/checkout-sessions/start/:id', {
        params: { id: linkId },
        query: Object.fromEntries(new URLSearchParams(extraParams)),
      });
      queryClient.setQueryData(checkoutKey(envelope.checkoutSession.id), envelope);
      return envelope.checkoutSession.id;
    },
  });
}

function retrieveQuery(client: KioskClient, sessionId: string) {
  return queryOptions({
    queryKey: checkoutKey(sessionId),
    queryFn: () => client.call('GET /api/checkout-sessions/retrieve/:id', { params: { id: sessionId } }),
    retry: false,
  });
}

/**
 * What a page rendered on the server already knows of the checkout of `id` (a link's started session,
 * or the session itself): the form reads it at once instead of asking again, so a link's page does not
 * start a second session.
 */
export function seedCheckout(queryClient: QueryClient, id: string, envelope: CheckoutEnvelope): void {
  const sessionId = envelope.checkoutSession.id;
  if (id.startsWith('plink_')) queryClient.setQueryData(startKey(id), sessionId);
  queryClient.setQueryData(checkoutKey(sessionId), envelope);
}

/**
 * Asks at once for what the checkout of `id` shows first, all in parallel: the session (or starts it
 * from a payment link) and who is buying. A page that knows its checkout before it renders (the hosted
 * checkout's own entry) calls it first, so the answers are on their way while the page's code runs;
 * the CheckoutForm then reads the same queries. An id that is not a checkout's is left to the form.
 * `extraParams` are the form's own (its `extraParams` as a query string), so a link starts once.
 */
export function prefetchCheckout(
  queryClient: QueryClient,
  client: KioskClient,
  id: string,
  extraParams?: string,
): void {
  if (!isCheckoutId(id)) return;
  void queryClient.prefetchQuery(sessionQuery(client));
  if (id.startsWith('plink_'))
    void queryClient.prefetchQuery(startQuery(client, queryClient, id, extraParams));
  else void queryClient.prefetchQuery(retrieveQuery(client, id));
}

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

  const start = startQuery(client, queryClient, id, options.extraParams);
  const started = useQuery({
    ...start,
    // Once started, never again: a refetch (a sign-in invalidates every query) would be a new session.
    enabled: options.enabled && isLink && queryClient.getQueryData(start.queryKey) === undefined,
  });

  const sessionId = isLink ? started.data : id;
  const envelope = useQuery({
    ...retrieveQuery(client, sessionId ?? ''),
    enabled: options.enabled && sessionId !== undefined,
    // A completed session is final: the success page needs no more reads.
    refetchInterval: (query) =>
      options.polling && !(query.state.data && isCompleted(query.state.data.checkoutSession))
        ? PAYING_POLL_MS
        : false,
  });

  return {
    sessionId,
    envelope: envelope.data,
    error: started.error ?? envelope.error,
    refetch: envelope.refetch,
  };
}

/**
 * A read of the session sent before a change committed answers the order as it was: were it to land
 * after the change's own answer, the page would show the old order until the next read.
 */
function dropReadsInFlight(queryClient: QueryClient, sessionId: string): Promise<void> {
  return queryClient.cancelQueries({ queryKey: checkoutKey(sessionId), exact: true });
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
  const params = { id: sessionId };
  switch (edit.type) {
    case 'upsell':
      return client.call('PUT /api/checkout-sessions/:id/upsell', {
        params,
        body: { from: edit.from, to: edit.to },
      });
    case 'downsell':
      return client.call('PUT /api/checkout-sessions/:id/downsell', { params, body: { from: edit.from } });
    case 'addCrossSell':
      return client.call('PUT /api/checkout-sessions/:id/cross-sell', { params, body: { to: edit.to } });
    case 'removeCrossSell':
      return client.call('DELETE /api/checkout-sessions/:id/cross-sell', { params });
    case 'amount':
      return client.call('PUT /api/checkout-sessions/:id/amount', {
        params,
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
    onSuccess: async (session) => {
      await dropReadsInFlight(queryClient, sessionId);
      replaceSession(queryClient, session);
    },
  });
}

/** Submit, or donate-submit for a donation (which may come without signing in). */
export function useSubmitCheckout(sessionId: string, donation: boolean) {
  const { client } = useKiosk();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBody) =>
      donation
        ? client.call('PUT /api/checkout-sessions/:id/donate-submit', { params: { id: sessionId }, body })
        : client.call('PUT /api/checkout-sessions/:id/submit', { params: { id: sessionId }, body }),
    onSuccess: async (answer) => {
      const { paymentInstructions: _instructions, balance: _b, delegation: _d, ...envelope } = answer;
      await dropReadsInFlight(queryClient, sessionId);
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
      client.call('GET /api/checkout-sessions/:id/cross-sell', {
        params: { id: sessionId },
        query: { skipError: 1 },
      }),
  });
}
