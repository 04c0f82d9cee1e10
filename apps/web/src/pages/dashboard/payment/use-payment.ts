import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod, Refund, RefundRequestReason } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { modeKey } from '../../../lib/query-client.ts';

/** Everything this page reads of one payment sits under this key, so a refund refreshes it all. */
const paymentKey = (livemode: boolean, id: string, ...parts: string[]) =>
  modeKey(livemode, 'payment', id, ...parts);

/** A payment's charges and refunds all fit one page: a payment is paid once, or a few times at most. */
const ALL = 100;
/** A refund the rail has not answered yet is read again this often, until it has. */
const PENDING_REFUND_POLL_MS = 2_000;

export function usePaymentIntent(id: string, livemode: boolean) {
  return useQuery({
    queryKey: paymentKey(livemode, id),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/payment-intents/:id', { params: { id }, query: { livemode }, signal }),
  });
}

/** While a refund is pending the rail may answer any moment: its charge and the refund are read again. */
const pollWhile = (pending: boolean) => (pending ? PENDING_REFUND_POLL_MS : false);

export function usePaymentCharges(id: string, livemode: boolean, { refundPending = false } = {}) {
  return useQuery({
    queryKey: paymentKey(livemode, id, 'charges'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/charges', {
        query: { payment_intent_id: id, pageSize: ALL, livemode },
        signal,
      }),
    refetchInterval: pollWhile(refundPending),
  });
}

export function usePaymentRefunds(id: string, livemode: boolean) {
  return useQuery({
    queryKey: paymentKey(livemode, id, 'refunds'),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/refunds', {
        query: { payment_intent_id: id, pageSize: ALL, livemode },
        signal,
      }),
    refetchInterval: (query) =>
      pollWhile(query.state.data?.list.some((refund) => refund.status === 'pending') ?? false),
  });
}

/** The merchant's payment methods of the mode, by id: a charge's rail and the currency's decimals. */
export function usePaymentMethods(livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'payment-methods'),
    queryFn: ({ signal }) => kioskClient.call('GET /api/payment-methods', { query: { livemode }, signal }),
    select: (methods) => new Map<string, PaymentMethod>(methods.list.map((method) => [method.id, method])),
    staleTime: 5 * 60_000,
  });
}

/** The checkout the payment came from: the buyer's details as given at that purchase. */
export function usePaymentCheckout(sessionId: string | null | undefined, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'checkout-session', sessionId ?? ''),
    enabled: Boolean(sessionId),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/checkout-sessions/:id', {
        params: { id: sessionId! },
        query: { livemode },
        signal,
      }),
  });
}

export function usePaymentCustomer(customerId: string | undefined, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'customer', customerId ?? ''),
    enabled: Boolean(customerId),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/customers/:id', {
        params: { id: customerId! },
        query: { livemode },
        signal,
      }),
    staleTime: 60_000,
  });
}

export function usePaymentInvoice(invoiceId: string | null | undefined, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'invoice', invoiceId ?? ''),
    enabled: Boolean(invoiceId),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/invoices/:id', { params: { id: invoiceId! }, query: { livemode }, signal }),
  });
}

/** The events of the payment, its charges and its refunds, newest first. */
export function usePaymentEvents(
  id: string,
  objectIds: readonly string[] | undefined,
  livemode: boolean,
  { refundPending = false } = {},
) {
  const objects = objectIds?.join(',') ?? '';
  return useQuery({
    queryKey: paymentKey(livemode, id, 'events', objects),
    enabled: objectIds !== undefined,
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/events', {
        query: { object_id: objects, pageSize: ALL, livemode },
        signal,
      }),
    refetchInterval: pollWhile(refundPending),
  });
}

export interface RefundRequest {
  chargeId: string;
  amount: bigint;
  reason: RefundRequestReason;
  /** Made once per dialog opening: a second click, or a retry after a lost answer, refunds once. */
  idempotencyKey: string;
}

/** Sends a refund with its Idempotency-Key (the SDK's `call` sends no headers of the caller's). */
export function useCreateRefund(paymentId: string, livemode: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ chargeId, amount, reason, idempotencyKey }: RefundRequest): Promise<Refund> => {
      const prepared = kioskClient.prepare('POST /api/refunds', { query: { livemode } });
      const response = await fetch(prepared.url, {
        method: prepared.method,
        headers: {
          ...prepared.headers,
          'Content-Type': 'application/json',
          'Idempotency-Key': idempotencyKey,
        },
        body: JSON.stringify({ charge_id: chargeId, amount: amount.toString(), reason }),
      });
      return prepared.answer(response, await response.text());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKey(livemode, paymentId) }),
  });
}

/**
 * A refund the merchant sends from their own wallet (an EVM payment): name the transfer they sent
 * (the server reads it on chain), or give the refund up. Each refreshes the payment's page.
 */
export function useRefundTransfer(paymentId: string, livemode: boolean) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: paymentKey(livemode, paymentId) });
  const name = useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      kioskClient.call('POST /api/refunds/:id/transfer', {
        params: { id },
        body: { reference },
        query: { livemode },
      }),
    onSettled,
  });
  const cancel = useMutation({
    mutationFn: (id: string) =>
      kioskClient.call('POST /api/refunds/:id/cancel', { params: { id }, query: { livemode } }),
    onSettled,
  });
  return { name, cancel };
}
