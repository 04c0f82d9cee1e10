import { vi } from 'vitest';

type Handler = (event?: unknown) => void;

/** What the fake's confirmPayment answers, as Stripe.js would: `{ paymentIntent }` or `{ error }`. */
export type ConfirmAnswer =
  { paymentIntent: { id: string; status: string } } | { error: Record<string, unknown> };

/**
 * A `window.Stripe` for jsdom: the calls @stripe/stripe-js and the card form make, a Payment
 * Element that mounts one input, and confirmPayment answering what the test says. The test plays the
 * element's events (`emit('ready')`, `emit('change', { complete: true })`), as Stripe's frame would.
 */
export interface FakeStripe {
  /** The options Stripe() and elements() were given, and the Payment Element's. */
  publishableKeys: string[];
  elementsOptions: Record<string, unknown>[];
  elementOptions: Record<string, unknown>[];
  /** The Payment Element's input, which element.focus() focuses. */
  input: () => HTMLInputElement | undefined;
  emit: (type: string, event?: unknown) => void;
  confirmPayment: ReturnType<typeof vi.fn<(params: Record<string, unknown>) => Promise<ConfirmAnswer>>>;
}

let current: FakeStripe & { create: () => object };

// loadStripe keeps the first window.Stripe it finds for the page's life: one constructor that makes the
// current test's fake.
function Stripe(publishableKey: string) {
  current.publishableKeys.push(publishableKey);
  return current.create();
}
Stripe.version = 'endive';

/** Installs a fresh fake as `window.Stripe` (the caller's cleanUpKiosk unstubs it). */
export function installFakeStripe(): FakeStripe {
  const handlers = new Map<string, Set<Handler>>();
  let input: HTMLInputElement | undefined;
  const element = {
    mount(node: HTMLElement) {
      input = node.ownerDocument.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      node.append(input);
    },
    on(type: string, handler: Handler) {
      handlers.set(type, (handlers.get(type) ?? new Set()).add(handler));
    },
    off: (type: string, handler: Handler) => handlers.get(type)?.delete(handler),
    update() {},
    destroy: () => input?.remove(),
    focus: () => input?.focus(),
  };
  const fake: FakeStripe & { create: () => object } = {
    publishableKeys: [],
    elementsOptions: [],
    elementOptions: [],
    input: () => input,
    emit: (type, event) => handlers.get(type)?.forEach((handler) => handler(event)),
    confirmPayment: vi.fn(async () => ({ paymentIntent: { id: 'pi_3Card', status: 'succeeded' } })),
    create: () => ({
      elements(options: Record<string, unknown>) {
        fake.elementsOptions.push(options);
        return {
          create(_type: string, options: Record<string, unknown>) {
            fake.elementOptions.push(options);
            return element;
          },
          getElement: () => element,
          update() {},
        };
      },
      confirmPayment: fake.confirmPayment,
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      registerAppInfo() {},
      _registerWrapper() {},
    }),
  };
  current = fake;
  vi.stubGlobal('Stripe', Stripe);
  return fake;
}
