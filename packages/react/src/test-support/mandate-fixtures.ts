import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { CheckoutEnvelope, EvmMandateInstructions, SubmitAnswer } from '@kiosk/contracts';
import { BUYER_ADDRESS, checkoutRoutes, sessionAnswer } from './checkout-fixtures.ts';
import { mockApi } from './mock-api.ts';

/**
 * What the subscription and setup checkouts' tests share: a mandate to sign, the API that answers a
 * submit with it and opens the mode's connect session, and a wallet in the page that sends its calls.
 */

export const TOKEN_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const COLLECTOR = '0x9A9f2CCfdE556A7E9Ff0848998Aa4a0CFD8863AE';
export const MANDATE_RECEIVER = '0x8888888888888888888888888888888888888888';
const DAY = 86_400;

/** 10 KDT a month for 12 payments (a mandate cycle of 28 days), an allowance then the mandate: two calls. */
export function mandateInstructions(overrides: Partial<EvmMandateInstructions> = {}): EvmMandateInstructions {
  return {
    type: 'evm_mandate',
    chain_id: 31337,
    contract: COLLECTOR,
    mandate_id: `0x${'ab'.repeat(32)}`,
    token: TOKEN_ADDRESS,
    receiver: MANDATE_RECEIVER,
    max_per_cycle: '10000000',
    cycle_seconds: 28 * DAY,
    starts_at: 0,
    expires_at: 0,
    allowance: '120000000',
    cycles: 12,
    interval: 'month',
    interval_count: 1,
    calls: [
      { to: TOKEN_ADDRESS, data: '0x095ea7b3aa' },
      { to: COLLECTOR, data: '0x12345678bb' },
    ],
    currency_id: 'pc_kdt',
    decimal: 6,
    symbol: 'KDT',
    ...overrides,
  };
}

/** Submit's answer: `mandate` to sign, nothing to pay now. */
export function mandateSubmitAnswer(base: CheckoutEnvelope, mandate: EvmMandateInstructions): SubmitAnswer {
  return {
    ...base,
    paymentInstructions: null,
    mandateInstructions: mandate,
    balance: { sufficient: false },
    delegation: { sufficient: false },
    fastPayInfo: null,
    stripeContext: null,
  };
}

type Routes = Parameters<typeof mockApi>[0];

/**
 * The API of a `base` session whose submit answers `submitted(base)` and whose connect action
 * (`subscription` or `setup`) opens a session nobody answers; `routes` adds or replaces others.
 */
export function mandateCheckoutApi(
  base: CheckoutEnvelope,
  action: 'subscription' | 'setup',
  submitted: (base: CheckoutEnvelope) => SubmitAnswer,
  { routes = {}, signedIn = true }: { routes?: Routes; signedIn?: boolean } = {},
) {
  return mockApi({
    ...checkoutRoutes(base, { session: sessionAnswer(signedIn, true) }),
    [`PUT /api/checkout-sessions/${base.checkoutSession.id}/submit`]: () => submitted(base),
    [`POST /api/did/${action}/token`]: () => ({
      token: 'tok_1',
      secret: 'sec_1',
      auth_url: 'http://localhost/a',
      deep_link: 'kiosk://connect?url=x',
      expires_at: Math.floor(Date.now() / 1000) + 300,
    }),
    [`GET /api/did/${action}/status`]: () => ({ status: 'created' }),
    ...routes,
  });
}

/** A wallet in this browser on `window.ethereum` that mines what it is sent, recording it. */
export function mandateBrowserWallet() {
  const sent: { to: string; data: string }[] = [];
  const request = vi.fn(async ({ method, params }: { method: string; params?: unknown[] }) => {
    switch (method) {
      case 'eth_requestAccounts':
        return [BUYER_ADDRESS];
      case 'eth_chainId':
        return '0x7a69';
      case 'eth_sendTransaction':
        sent.push(params![0] as { to: string; data: string });
        return `0x${String(sent.length).padStart(64, '0')}`;
      case 'eth_getTransactionReceipt':
        return { status: '0x1' };
      default:
        throw new Error(`unexpected ${method}`);
    }
  });
  vi.stubGlobal('ethereum', { request });
  return { sent, request };
}

/** The dialog's code loads on the first submit: cold, on a busy machine, that can take over 1 s. */
export const authoriseDialog = (name = 'Authorise your subscription') =>
  screen.findByRole('dialog', { name }, { timeout: 5_000 });
