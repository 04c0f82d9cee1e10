import { buyerCheckoutRoutes, donationRoutes, paymentLinkRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { submitAnswerOf } from '../flows/checkout-answer.ts';
import { buyerDid, buyerOf, MERCHANT } from '../schemas.ts';
import { benefitsOf, donationsOf } from './queries.ts';
import { submitCheckout } from '../flows/submit-checkout.ts';
import { upsertDonation } from './upsert.ts';
import { anonymousDonor } from './donor.ts';
import { donationLinksPage } from './links-page.ts';

/** A donation's submit, which may come without signing in, and what anyone reads of donations. */
export function registerDonationRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['donations'];

  const benefits = donationRoutes['GET /api/payment-links/:id/benefits'];
  r.get(
    benefits.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: "Who else a donation link's donations support (seed 000 §7)",
        ...benefits.schema,
      },
    },
    async (request) => benefitsOf(deps, request.params.id),
  );

  const donate = buyerCheckoutRoutes['PUT /api/checkout-sessions/:id/donate-submit'];
  r.put(
    donate.path,
    {
      config: { access: ['public'] },
      schema: {
        tags: ['checkout sessions'],
        summary:
          "Submit a donation: as submit, or without signing in (the transfer's sender is the supporter)",
        ...donate.schema,
      },
    },
    async (request) =>
      submitAnswerOf(
        deps,
        await submitCheckout(
          deps,
          request.params.id,
          buyerOf(request) ?? anonymousDonor(),
          request.body,
          request.locale,
          'donation',
        ),
        request.locale,
        buyerDid(request),
      ),
  );

  const upsert = paymentLinkRoutes['POST /api/donations'];
  r.post(
    upsert.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: "A host page's donation link for a target: made the first time, brought up to date after",
        ...upsert.schema,
      },
    },
    async (request, reply) => {
      const { link, created } = await upsertDonation(deps, request.livemode, request.body);
      reply.status(created ? 201 : 200);
      return link;
    },
  );

  const list = donationRoutes['GET /api/donations'];
  r.get(
    list.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: 'The supporters of a donation link (by its id or target), their total and its split',
        ...list.schema,
      },
    },
    async (request) => donationsOf(deps, request.livemode, request.query.target, request.query.pageSize),
  );

  const links = donationRoutes['GET /api/donation-links'];
  r.get(
    links.path,
    {
      config: { access: MERCHANT },
      schema: {
        tags,
        summary: 'The donation links, each with its supporters and total, for the owner',
        ...links.schema,
      },
    },
    async (request) => donationLinksPage(deps, request.livemode, request.query),
  );
}
