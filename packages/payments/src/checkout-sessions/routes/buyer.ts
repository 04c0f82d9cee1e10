import { checkoutEnvelope, checkoutSessionId, submitAnswer, txHash } from '@kiosk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimPayment } from '../../charges/claim.ts';
import type { Deps } from '../../deps.ts';
import { buyerDid } from '../../schemas.ts';
import { retrieveSession, startFromPaymentLink } from '../service.ts';
import { submitCheckout } from '../submit.ts';
import { checkoutEnvelopeOf } from './envelope.ts';

const linkId = z.object({ id: z.string().regex(/^plink_[0-9A-Za-z]{8,64}$/, 'validation.checkoutId') });
const sessionId = z.object({ id: checkoutSessionId });
const tags = ['checkout sessions'];
const text = (max: number) => z.string().max(max).optional();

/** The buyer's side of a checkout: start it from a link, follow it, submit it, name the payment. */
export function registerBuyerCheckoutRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const envelope = async (request: FastifyRequest, id: string) =>
    checkoutEnvelopeOf(deps, await retrieveSession(deps, id), request.locale);

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
      const id = await startFromPaymentLink(deps, request.params.id, {
        did: buyerDid(request),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return envelope(request, id);
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
    (request) => envelope(request, request.params.id),
  );

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
    async (request) => {
      const submitted = await submitCheckout(
        deps,
        request.params.id,
        buyerDid(request) ?? '',
        request.body,
        request.locale,
      );
      return {
        ...(await envelope(request, submitted.sessionId)),
        customer: submitted.customer,
        paymentInstructions: submitted.instructions,
        balance: { sufficient: false },
        delegation: { sufficient: false },
        fastPayInfo: null,
        stripeContext: null,
      };
    },
  );

  r.post(
    '/api/checkout-sessions/:id/pay',
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary: 'Name the payment of this session (a transaction hash); the server checks the chain itself',
        params: sessionId,
        body: z.object({ tx_hash: txHash }),
        response: { 202: checkoutEnvelope },
      },
    },
    async (request, reply) => {
      await claimPayment(deps, request.params.id, buyerDid(request) ?? '', request.body.tx_hash);
      reply.status(202);
      return envelope(request, request.params.id);
    },
  );
}
