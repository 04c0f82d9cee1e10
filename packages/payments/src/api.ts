import {
  type CheckoutSession,
  checkoutSessionInput,
  donationUpsert,
  type Invoice,
  type PaymentCurrency,
  type PaymentLink,
  paymentLinkInput,
  type Price,
  priceInput,
  priceUpdate,
  type Product,
  productInput,
  type Setting,
} from '@kiosk/contracts';
import { isKioskError } from '@kiosk/core';
import type { KioskEvent } from '@kiosk/platform';
import type { z } from 'zod';
import type { Deps } from './deps.ts';
import type { PaymentsEvents, PaymentsEventType } from './events.ts';
import { createPaymentLink } from './payment-links/service.ts';
import { createPrice, updatePrice } from './prices/service.ts';
import { getPrice } from './prices/queries.ts';
import { getProduct } from './products/queries.ts';
import { retrieveSession } from './checkout-sessions/queries.ts';
import { getPaymentLink } from './payment-links/queries.ts';
import { getInvoice } from './invoices/queries.ts';
import { getPaymentCurrency, listPaymentMethods } from './payment-methods/queries.ts';
import { createSessionFromInput } from './flows/start-checkout.ts';
import { createProduct } from './flows/create-product.ts';
import { upsertDonation } from './donations/upsert.ts';
import { findSetting } from './settings/service.ts';
import { settingView } from './settings/view.ts';

/**
 * Kiosk Pay as other modules use it (the store sells its apps through it): the same services a
 * merchant's back end reaches over HTTP, called in process, and Kiosk Pay's events. A module never
 * reads Kiosk Pay's tables; what it needs is here or in an event.
 */
export interface PaymentsApi {
  createProduct(livemode: boolean, input: z.input<typeof productInput>): Promise<Product>;
  createPrice(livemode: boolean, input: z.input<typeof priceInput>): Promise<Price>;
  /** A price's amounts never change; this archives it (`active: false`) or renames it. */
  updatePrice(livemode: boolean, id: string, input: z.input<typeof priceUpdate>): Promise<Price>;
  createPaymentLink(livemode: boolean, input: z.input<typeof paymentLinkInput>): Promise<PaymentLink>;
  /** A session for these items; the buyer pays it at its `url`. */
  createCheckoutSession(
    livemode: boolean,
    input: z.input<typeof checkoutSessionInput>,
  ): Promise<CheckoutSession>;
  getProduct(livemode: boolean, id: string): Promise<Product | undefined>;
  getPrice(livemode: boolean, id: string): Promise<Price | undefined>;
  getPaymentLink(livemode: boolean, id: string): Promise<PaymentLink | undefined>;
  getCheckoutSession(id: string): Promise<CheckoutSession | undefined>;
  getPaymentCurrency(livemode: boolean, id: string): Promise<PaymentCurrency | undefined>;
  /** The currencies buyers can pay in now (active, of an active method), each with its method. */
  listCurrencies(livemode: boolean): Promise<SellingCurrency[]>;
  getInvoice(id: string): Promise<Invoice | undefined>;
  /** Settings of a mount location (seed 001 §7), by id or mount location. */
  getSetting(livemode: boolean, idOrLocation: string): Promise<Setting | undefined>;
  /** POST /api/donations: the donation link of a target, made or brought up to date (no write when unchanged). */
  upsertDonation(livemode: boolean, input: z.input<typeof donationUpsert>): Promise<PaymentLink>;
  /**
   * Calls `handler` for each event of `type`, at least once, from a job (retried when it throws).
   * `subscriber` names the subscription (`store.grant-purchase`) and must not change across releases.
   */
  on<T extends PaymentsEventType>(
    subscriber: string,
    type: T,
    handler: (event: KioskEvent<PaymentsEvents[T]>) => Promise<void>,
  ): void;
}

export interface SellingCurrency {
  currency: PaymentCurrency;
  method: { id: string; name: string; type: string };
}

/** Kiosk Pay's events and the snapshot each carries (the shape webhooks will send): events.ts. */
export type { PaymentsEvents, PaymentsEventType } from './events.ts';

/** A 404 of a lookup is an answer here: there is no such object. */
async function orUndefined<T>(lookup: Promise<T>): Promise<T | undefined> {
  try {
    return await lookup;
  } catch (error) {
    if (isKioskError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export function paymentsApi(deps: Deps, subscribe: PaymentsApi['on']): PaymentsApi {
  // Inputs are checked as the HTTP routes check them (defaults filled in, bad ones refused).
  return {
    createProduct: (livemode, input) => createProduct(deps, livemode, productInput.parse(input)),
    createPrice: (livemode, input) => createPrice(deps, livemode, priceInput.parse(input)),
    updatePrice: (livemode, id, input) => updatePrice(deps, livemode, id, priceUpdate.parse(input)),
    createPaymentLink: (livemode, input) => createPaymentLink(deps, livemode, paymentLinkInput.parse(input)),
    createCheckoutSession: async (livemode, input) =>
      retrieveSession(deps, await createSessionFromInput(deps, livemode, checkoutSessionInput.parse(input))),
    getProduct: (livemode, id) => getProduct(deps.db, livemode, id),
    getPrice: (livemode, id) => getPrice(deps.db, livemode, id),
    getPaymentLink: (livemode, id) => getPaymentLink(deps.db, livemode, id, deps.baseUrl),
    getCheckoutSession: (id) => orUndefined(retrieveSession(deps, id)),
    getPaymentCurrency: (livemode, id) => getPaymentCurrency(deps.db, livemode, id),
    listCurrencies: async (livemode) =>
      (await listPaymentMethods(deps.db, livemode, { activeOnly: true })).flatMap((method) =>
        method.payment_currencies.map((currency) => ({
          currency,
          method: { id: method.id, name: method.name, type: method.type },
        })),
      ),
    getInvoice: (id) => getInvoice(deps.db, id),
    getSetting: async (livemode, idOrLocation) => {
      const row = await findSetting(deps.db, livemode, idOrLocation);
      return row && settingView(row);
    },
    upsertDonation: async (livemode, input) =>
      (await upsertDonation(deps, livemode, donationUpsert.parse(input))).link,
    on: subscribe,
  };
}
