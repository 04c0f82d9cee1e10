import { buyerCheckoutRoutes as routes } from '@kiosk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { claimPayment } from '../../flows/claim-payment.ts';
import type { Deps } from '../../deps.ts';
import { buyerDid, buyerOf } from '../../schemas.ts';
import { confirmCheckoutMandate } from '../../flows/confirm-checkout-mandate.ts';
import { submitCheckout } from '../../flows/submit-checkout.ts';
import { anonymousDonor } from '../../donations/donor.ts';
import type { CheckoutAnswers } from '../../flows/checkout-answer-cache.ts';
import { checkoutEnvelopeOf, submitAnswerOf } from '../../flows/checkout-answer.ts';
import { retrieveSession } from '../queries.ts';
import { startFromPaymentLink } from '../../flows/start-checkout.ts';

const tags = ['checkout sessions'];

/** The buyer's side of a checkout: start it from a link, follow it, submit it, name the payment. */
export function registerBuyerCheckoutRoutes(
  app: FastifyInstance,
  deps: Deps,
  answers: CheckoutAnswers,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const envelope = async (request: FastifyRequest, id: string) =>
    checkoutEnvelopeOf(deps, await retrieveSession(deps, id), request.locale, buyerDid(request));

  const start = routes['POST /api/checkout-sessions/start/:id'];
  r.post(
    start.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary:
          "Start a checkout session from a payment link (a signed-in buyer's repeat within 3 s answers the same session)",
        ...start.schema,
      },
    },
    async (request) => {
      const id = await startFromPaymentLink(deps, request.params.id, { did: buyerDid(request) });
      return envelope(request, id);
    },
  );

  const retrieve = routes['GET /api/checkout-sessions/retrieve/:id'];
  r.get(
    retrieve.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: 'A checkout session as its buyer sees it (polled every 2 s while paying)',
        ...retrieve.schema,
      },
    },
    async (request, reply) => {
      // The route's own serializer, run once per kept answer; the string is then sent as it is.
      const serialize = reply.getSerializationFunction('200')!;
      const json = await answers.answer(request.params.id, request.locale, buyerDid(request), serialize);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  const submit = routes['PUT /api/checkout-sessions/:id/submit'];
  r.put(
    submit.path,
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary:
          "Submit the buyer's details and payment choice; answers how to pay (never marks anything paid)",
        ...submit.schema,
      },
    },
    async (request) =>
      submitAnswerOf(
        deps,
        await submitCheckout(deps, request.params.id, buyerOf(request)!, request.body, request.locale),
        request.locale,
        buyerDid(request),
      ),
  );

  const pay = routes['POST /api/checkout-sessions/:id/pay'];
  r.post(
    pay.path,
    {
      // Public for anonymous donors (donations/donor.ts); every other session refuses them.
      config: { access: ['public'] },
      schema: {
        tags,
        summary: 'Name the payment of this session (a transaction hash); the server checks the chain itself',
        ...pay.schema,
      },
    },
    async (request, reply) => {
      await claimPayment(deps, request.params.id, buyerOf(request) ?? anonymousDonor(), request.body.tx_hash);
      reply.status(202);
      return envelope(request, request.params.id);
    },
  );

  const mandate = routes['POST /api/checkout-sessions/:id/mandate'];
  r.post(
    mandate.path,
    {
      config: { access: ['signedIn', 'authToken'] },
      schema: {
        tags,
        summary:
          "The wallet has sent the subscription's mandate: the server reads the chain and starts the subscription",
        ...mandate.schema,
      },
    },
    async (request, reply) => {
      await confirmCheckoutMandate(deps, request.params.id, buyerOf(request)!);
      reply.status(202);
      return envelope(request, request.params.id);
    },
  );
}
