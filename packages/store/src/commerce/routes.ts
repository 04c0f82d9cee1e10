import { storeCommerceRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerOf } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { appDonation } from './donations.ts';
import { getPricing, pricingCurrencies, setPricing } from './pricing.ts';
import { startAppCheckout, verifyPurchase } from './purchases.ts';
import { issueReceipt, receiptSignerInfo } from './receipts.ts';

export function registerCommerceRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];

  const currencies = storeCommerceRoutes['GET /api/developer/pricing-currencies'];
  r.get(
    currencies.path,
    {
      config: { access: ['developer'] },
      schema: { tags, summary: 'The currencies a developer may price an app in', ...currencies.schema },
    },
    () => pricingCurrencies(deps),
  );

  const pricing = storeCommerceRoutes['GET /api/apps/:did/pricing'];
  r.get(
    pricing.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: "An app's price in the mode the store sells in (free when never priced)",
        ...pricing.schema,
      },
    },
    (request) => getPricing(deps, request.params.did, viewerOf(request.auth)),
  );

  const price = storeCommerceRoutes['PUT /api/developer/apps/:did/pricing'];
  r.put(
    price.path,
    {
      config: { access: ['developer'] },
      schema: {
        tags,
        summary: 'Set an app free, paid once or by subscription, in one or more currencies',
        ...price.schema,
      },
    },
    (request) => setPricing(deps, viewerOf(request.auth).did!, request.params.did, request.body),
  );

  const checkout = storeCommerceRoutes['POST /api/apps/:did/checkout'];
  r.post(
    checkout.path,
    {
      // The same open checkout comes back until it is paid or expires: a repeat is harmless.
      config: { access: ['signedIn'], idempotency: 'ignored' },
      schema: {
        tags,
        summary: "The signed-in buyer's Kiosk Pay checkout for a paid app",
        ...checkout.schema,
      },
    },
    (request) => startAppCheckout(deps, viewerOf(request.auth), request.params.did),
  );

  const receipt = storeCommerceRoutes['GET /api/apps/:did/purchases/receipt'];
  r.get(
    receipt.path,
    {
      config: { access: ['signedIn'] },
      schema: {
        tags,
        summary: "The signed-in buyer's signed receipt, for the app to check offline",
        ...receipt.schema,
      },
    },
    (request) => issueReceipt(deps, request.params.did, viewerOf(request.auth)),
  );

  const signer = storeCommerceRoutes['GET /api/store/receipt-signer'];
  r.get(
    signer.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: "The store's receipt signer and the EIP-712 types it signs",
        ...signer.schema,
      },
    },
    () => receiptSignerInfo(deps),
  );

  const verify = storeCommerceRoutes['GET /api/apps/:did/purchases/verify'];
  r.get(
    verify.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: 'Whether a user owns the app now (a refund or an ended subscription says no)',
        ...verify.schema,
      },
    },
    (request) => verifyPurchase(deps, request.params.did, request.query.user),
  );

  const donation = storeCommerceRoutes['POST /api/apps/:did/donation'];
  r.post(
    donation.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: "The store's donation settings for app pages and, while they are on, the app's donation",
        ...donation.schema,
      },
    },
    (request) => appDonation(deps, request.params.did),
  );
}
