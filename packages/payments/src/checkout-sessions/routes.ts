import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentsContext } from '../context.ts';
import { flag, fromJson, paymentsDb } from '../db.ts';
import { once } from '../idempotency/scope.ts';
import { checkoutOptions, lineItemInput } from '../payment-links/schema.ts';
import { getPaymentLink } from '../payment-links/service.ts';
import { listPaymentMethods, publicMethod } from '../payment-methods/service.ts';
import { findCustomerByDid } from '../customers/service.ts';
import { getPaymentIntent } from '../payment-intents/service.ts';
import { amountString, buyerDid, idParam, listOf, listQuery, MERCHANT, queryFlag } from '../schemas.ts';
import { submitCheckout } from './submit.ts';
import {
  addCrossSell,
  crossSellPrice,
  downsell,
  editLines,
  removeCrossSell,
  setCustomAmount,
  upsell,
} from './edit.ts';
import type { Hash } from 'viem';
import { claimTransfer } from './pay.ts';
import {
  checkoutEnvelope,
  checkoutSessionId,
  checkoutSessionSchema,
  expandedPrice,
  submitAnswer,
  txHash,
  type CheckoutSession,
} from './schema.ts';
import {
  createCheckoutSession,
  expandPrices,
  expireSession,
  findSessionRow,
  listSessions,
  retrieveSession,
  startFromPaymentLink,
} from './service.ts';

const linkId = z.object({ id: z.string().regex(/^plink_[0-9A-Za-z]{8,64}$/, 'validation.checkoutId') });
const sessionId = z.object({ id: checkoutSessionId });

export function registerCheckoutSessionRoutes(app: FastifyInstance, context: PaymentsContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = paymentsDb(context.database);
  const tags = ['checkout sessions'];

  /** Seed 001 §7: checkoutSession, paymentMethods, paymentLink, paymentIntent, customer. */
  async function envelope(session: CheckoutSession) {
    const [methods, link, paymentIntent, customer] = await Promise.all([
      listPaymentMethods(db, session.livemode, { activeOnly: true }),
      session.payment_link_id
        ? getPaymentLink(db, session.livemode, session.payment_link_id, context.baseUrl)
        : undefined,
      session.payment_intent_id ? getPaymentIntent(db, session.payment_intent_id) : undefined,
      session.customer_did ? findCustomerByDid(db, session.livemode, session.customer_did) : undefined,
    ]);
    return {
      checkoutSession: session,
      paymentMethods: methods.map(publicMethod),
      paymentLink: link ?? null,
      paymentIntent: paymentIntent ?? null,
      customer: customer ?? null,
    };
  }

  const callerOf = (request: FastifyRequest) => ({
    did: buyerDid(request),
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  r.post(
    '/api/checkout-sessions/start/:id',
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary:
          'Start a checkout session from a payment link (a repeat within 3 s answers the same session)',
        params: linkId,
        response: { 200: checkoutEnvelope },
      },
    },
    async (request) => {
      const id = await startFromPaymentLink(db, request.params.id, context.baseUrl, callerOf(request));
      return envelope(await retrieveSession(db, id, context.baseUrl));
    },
  );

  r.get(
    '/api/checkout-sessions/retrieve/:id',
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: 'A checkout session as its buyer sees it (polled every 2 s while paying)',
        params: sessionId,
        response: { 200: checkoutEnvelope },
      },
    },
    async (request) => envelope(await retrieveSession(db, request.params.id, context.baseUrl)),
  );

  const text = (max: number) => z.string().max(max).optional();
  r.put(
    '/api/checkout-sessions/:id/submit',
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary:
          "Submit the buyer's details and payment choice; answers how to pay (never marks anything paid)",
        params: sessionId,
        body: z.object({
          customer_name: text(200),
          customer_email: text(254),
          customer_phone: text(40),
          payment_method: z.string().min(1).max(64),
          payment_currency: z.string().min(1).max(64),
          billing_address: z
            .object({
              country: text(2),
              state: text(100),
              city: text(100),
              line1: text(200),
              line2: text(200),
              postal_code: text(20),
            })
            .optional(),
        }),
        response: { 200: submitAnswer },
      },
    },
    async (request, reply) => {
      const buyer = buyerDid(request) ?? '';
      const answer = await once(context, request, async () => {
        const submitted = await submitCheckout(db, request.params.id, buyer, request.body, request.locale);
        const view = await envelope(await retrieveSession(db, submitted.sessionId, context.baseUrl));
        return {
          status: 200 as const,
          body: {
            ...view,
            customer: submitted.customer,
            paymentInstructions: submitted.instructions,
            balance: { sufficient: false },
            delegation: { sufficient: false },
            fastPayInfo: null,
            stripeContext: null,
          },
        };
      });
      return reply.status(200).send(answer.body);
    },
  );

  // Seed 000 §7 session edits: anyone holding the session id (the buyer's page) may make them.
  const edited = async (id: string) => retrieveSession(db, id, context.baseUrl);
  const editConfig = { config: { access: ['public'] as const } };
  r.put(
    '/api/checkout-sessions/:id/upsell',
    {
      ...editConfig,
      schema: {
        tags,
        summary: 'Swap a line to its upsell price',
        params: sessionId,
        body: z.object({ from: z.string().max(64), to: z.string().max(64) }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(db, request.params.id, upsell(request.body.from, request.body.to));
      return edited(request.params.id);
    },
  );
  r.put(
    '/api/checkout-sessions/:id/downsell',
    {
      ...editConfig,
      schema: {
        tags,
        summary: 'Swap an upsold line back',
        params: sessionId,
        body: z.object({ from: z.string().max(64) }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(db, request.params.id, downsell(request.body.from));
      return edited(request.params.id);
    },
  );
  r.get(
    '/api/checkout-sessions/:id/cross-sell',
    {
      ...editConfig,
      schema: {
        tags,
        summary: 'The price offered beside this session, with its product',
        params: sessionId,
        querystring: z.object({
          skipError: queryFlag.describe('Answer null instead of 404 when nothing is offered'),
        }),
        response: { 200: expandedPrice.nullable() },
      },
    },
    async (request) => {
      const row = await findSessionRow(db, request.params.id);
      if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
      const price = await crossSellPrice(
        db,
        flag(row.livemode),
        fromJson(row.line_items, []),
        row.currency_id,
      );
      if (!price) {
        if (request.query.skipError) return null;
        throw new KioskError('CROSS_SELL_NOT_OFFERED', { status: 404 });
      }
      return (await expandPrices(db, new Map([[price.id, price]])))(price);
    },
  );
  r.put(
    '/api/checkout-sessions/:id/cross-sell',
    {
      ...editConfig,
      schema: {
        tags,
        summary: 'Add the cross-sell item',
        params: sessionId,
        body: z.object({ to: z.string().max(64) }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(db, request.params.id, addCrossSell(request.body.to));
      return edited(request.params.id);
    },
  );
  r.delete(
    '/api/checkout-sessions/:id/cross-sell',
    {
      ...editConfig,
      schema: {
        tags,
        summary: 'Remove the cross-sell item',
        params: sessionId,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(db, request.params.id, removeCrossSell());
      return edited(request.params.id);
    },
  );
  r.put(
    '/api/checkout-sessions/:id/amount',
    {
      ...editConfig,
      schema: {
        tags,
        summary: "Set a custom-amount line's amount (smallest units)",
        params: sessionId,
        body: z.object({ priceId: z.string().max(64), amount: amountString }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(
        db,
        request.params.id,
        setCustomAmount(request.body.priceId, BigInt(request.body.amount)),
      );
      return edited(request.params.id);
    },
  );

  r.post(
    '/api/checkout-sessions/:id/pay',
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary:
          'Tell the server which chain transaction pays this session; the server checks the chain itself',
        params: sessionId,
        body: z.object({ tx_hash: txHash }),
        response: { 202: checkoutEnvelope },
      },
    },
    async (request, reply) => {
      await claimTransfer(context, request.params.id, buyerDid(request) ?? '', request.body.tx_hash as Hash);
      return reply
        .status(202)
        .send(await envelope(await retrieveSession(db, request.params.id, context.baseUrl)));
    },
  );

  r.post(
    '/api/checkout-sessions',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Create a checkout session for given line items',
        body: checkoutOptions.extend({
          line_items: z.array(lineItemInput).min(1).max(20),
          success_url: z.url().nullable().default(null),
          cancel_url: z.url().nullable().default(null),
          expires_at: z.number().int().optional(),
          customer_did: z.string().max(200).nullable().default(null),
        }),
        response: { 201: checkoutSessionSchema },
      },
    },
    async (request, reply) => {
      const answer = await once(context, request, async () => {
        const { line_items, success_url, cancel_url, expires_at, customer_did, ...options } = request.body;
        const id = await db.transaction().execute((trx) =>
          createCheckoutSession(trx, request.livemode, {
            lines: line_items,
            options,
            successUrl: success_url,
            cancelUrl: cancel_url,
            expiresAt: expires_at,
            customerDid: customer_did,
          }),
        );
        return { status: 201, body: await retrieveSession(db, id, context.baseUrl) };
      });
      return reply.status(201).send(answer.body);
    },
  );

  r.get(
    '/api/checkout-sessions',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Checkout sessions',
        querystring: listQuery.extend({
          status: z.enum(['open', 'complete', 'expired']).optional(),
          payment_link_id: z.string().max(64).optional(),
        }),
        response: { 200: listOf(checkoutSessionSchema) },
      },
    },
    (request) => listSessions(db, request.livemode, context.baseUrl, request.query),
  );

  async function merchantSession(request: FastifyRequest, id: string) {
    const row = await findSessionRow(db, id);
    if (!row || flag(row.livemode) !== request.livemode)
      throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
    return row;
  }

  r.get(
    '/api/checkout-sessions/:id',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'A checkout session',
        params: idParam,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await merchantSession(request, request.params.id);
      return retrieveSession(db, request.params.id, context.baseUrl);
    },
  );

  r.put(
    '/api/checkout-sessions/:id/expire',
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'Expire an open, unpaid session now',
        params: idParam,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      const row = await merchantSession(request, request.params.id);
      if (!(await expireSession(db, row.id, request.livemode)))
        throw new KioskError('CHECKOUT_SESSION_NOT_OPEN', { status: 409 });
      return retrieveSession(db, row.id, context.baseUrl);
    },
  );
}
