import { vi } from 'vitest';
import type { Invoice } from '@kiosk/contracts';
import {
  BUYER_ADDRESS,
  KDT,
  RECEIVER,
  customer,
  jsonResponse,
  mockApi,
  paymentIntent,
  paymentMethod,
  type ApiHandler,
} from './index.ts';

/** Test fixtures of the past-due dialog's tests: overdue invoices, the overdue answer, a wallet in the page. */

export const OVERDUE = 'GET /api/customers/cus_1/overdue/invoices';
export const OVERDUE_START = 'POST /api/invoices/overdue/pay';
export const OVERDUE_NAME = 'POST /api/payment-intents/pi_overdue/pay';
export const OVERDUE_TX = `0x${'ab'.repeat(32)}`;
const method = paymentMethod();
const [kdt, eth] = method.payment_currencies;

export function overdueInvoice(id: string, currencyId: string, total: string): Invoice {
  return {
    id,
    object: 'invoice',
    livemode: false,
    number: `INV-${id}`,
    status: 'uncollectible',
    billing_reason: 'subscription_cycle',
    description: null,
    customer_id: 'cus_1',
    subscription_id: 'sub_1',
    checkout_session_id: null,
    payment_intent_id: null,
    currency_id: currencyId,
    subtotal: total,
    total,
    amount_due: total,
    amount_paid: '0',
    amount_remaining: total,
    lines: [],
    period_start: 1,
    period_end: 2,
    status_transitions: {},
    attempt_count: 4,
    next_payment_attempt: null,
    last_payment_error: { code: 'ALLOWANCE_INSUFFICIENT' },
    customer_name: null,
    customer_email: null,
    customer_phone: null,
    customer_address: null,
    metadata: {},
    created_at: 1,
    updated_at: 1,
  };
}

const publicMethod = { ...method, settings: {} };
/** The overdue answer for the invoices still owed. */
export function overdueAnswer(invoices: Invoice[], card = false) {
  const summary: Record<string, unknown> = {};
  for (const item of invoices) {
    const currency = item.currency_id === KDT ? kdt : eth;
    const prior = (summary[item.currency_id] as { amount: string } | undefined)?.amount ?? '0';
    summary[item.currency_id] = {
      amount: (BigInt(prior) + BigInt(item.total)).toString(),
      currency,
      method: card ? { ...publicMethod, type: 'stripe' } : publicMethod,
    };
  }
  return { invoices, summary, customer: customer(), subscriptionCount: 1 };
}

/** A wallet in the page: it sends what it is asked from the buyer's account, or the buyer declines. */
export function injectWallet(decline = () => false) {
  const sent: unknown[] = [];
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    if (method === 'eth_requestAccounts') return [BUYER_ADDRESS];
    if (method === 'eth_chainId') return '0x7a69';
    if (method === 'eth_sendTransaction') {
      if (decline()) throw Object.assign(new Error('User rejected'), { code: 4001 });
      sent.push(params?.[0]);
      return OVERDUE_TX;
    }
    throw new Error(`unexpected ${method}`);
  });
  vi.stubGlobal('ethereum', { request });
  return sent;
}

/**
 * The API of a customer owing `owed`: the overdue answer, starting a currency's payment and naming its
 * transfer, which settles at once (what was paid leaves the overdue answer), and the `collect-batch`
 * connect session that the test wallet answers by paying the session's currency. `routes` adds others.
 */
export function mockOverdueApi(owed: Invoice[], routes: Record<string, ApiHandler> = {}) {
  let stillOwed = owed;
  let connected: string | undefined;
  const calls = mockApi({
    ...routes,
    'POST /api/did/collect-batch/token': () => {
      connected = undefined;
      return {
        token: 'tok_batch',
        secret: 'sec',
        auth_url: 'http://wallet.local/a',
        deep_link: 'kiosk://connect?url=x',
        expires_at: 9_999_999_999,
      };
    },
    'GET /api/did/collect-batch/status': () =>
      connected ? { status: 'succeeded', did: `did:pkh:eip155:1:${BUYER_ADDRESS}` } : { status: 'created' },
    'POST /api/test-wallet/connect': () => {
      const asked = calls.calls('POST /api/did/collect-batch/token').at(-1)!.body as {
        params: { currencyId: string };
      };
      connected = asked.params.currencyId;
      stillOwed = stillOwed.filter((item) => item.currency_id !== connected);
      return { ok: true };
    },
    [OVERDUE]: () => overdueAnswer(stillOwed),
    [OVERDUE_START]: ({ body }) => {
      const currencyId = (body as { currency_id: string }).currency_id;
      const amount = stillOwed
        .filter((item) => item.currency_id === currencyId)
        .reduce((sum, item) => sum + BigInt(item.total), 0n);
      return {
        paymentIntent: paymentIntent({ id: 'pi_overdue' }),
        paymentInstructions: {
          type: 'evm_transfer',
          chain_id: 31337,
          to: RECEIVER,
          token: currencyId === KDT ? kdt!.contract : null,
          amount: amount.toString(),
          currency_id: currencyId,
          expires_at: 9_999_999_999,
        },
        invoices: stillOwed.filter((item) => item.currency_id === currencyId),
      };
    },
    [OVERDUE_NAME]: ({ body }) => {
      if ((body as { tx_hash?: string }).tx_hash !== OVERDUE_TX)
        return jsonResponse({ code: 'TX_NOT_FOUND' }, 409);
      // The server settles the named transfer: what it paid is no longer overdue.
      const paid = calls.calls(OVERDUE_START).at(-1)!.body as { currency_id: string };
      stillOwed = stillOwed.filter((item) => item.currency_id !== paid.currency_id);
      return jsonResponse(paymentIntent({ id: 'pi_overdue', status: 'processing' }), 202);
    },
  });
  return calls;
}
