import { checkoutOptions, subscriptionMandateRoutes } from '@kiosk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { buyerDid } from '../schemas.ts';
import { askForNewMandate, confirmNewMandate, createOwnSetupSession } from '../flows/new-mandate.ts';
import { retrieveSession } from '../checkout-sessions/queries.ts';

/** Only the subscription's customer signs its mandates: a merchant cannot authorise for them. */
const ACCESS = ['signedIn', 'authToken'] as const;

export function registerSubscriptionMandateRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  const callerOf = (request: FastifyRequest) => ({ did: buyerDid(request)!, livemode: request.livemode });

  const ask = subscriptionMandateRoutes['POST /api/subscriptions/:id/mandate'];
  r.post(
    ask.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary:
          'Authorise again: the calls of a new mandate replacing the stored one (a dearer plan, a renewal)',
        ...ask.schema,
      },
    },
    async (request) => {
      const { max_per_cycle: max, payment_method: methodId, payment_currency: currencyId } = request.body;
      return askForNewMandate(deps, request.params.id, callerOf(request), {
        maxPerCycle: max === undefined ? undefined : BigInt(max),
        methodId,
        currencyId,
      });
    },
  );

  const setup = subscriptionMandateRoutes['POST /api/subscriptions/:id/setup-session'];
  r.post(
    setup.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'A setup session for the subscription: its hosted page authorises from any wallet',
        ...setup.schema,
      },
    },
    async (request, reply) => {
      const id = await createOwnSetupSession(deps, request.params.id, callerOf(request), {
        options: checkoutOptions.parse({}),
      });
      reply.status(201);
      return retrieveSession(deps, id);
    },
  );

  const confirm = subscriptionMandateRoutes['POST /api/subscriptions/:id/mandate/confirm'];
  r.post(
    confirm.path,
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: 'The wallet has sent the new mandate: the server reads the chain and puts it in place',
        ...confirm.schema,
      },
    },
    async (request) => confirmNewMandate(deps, request.params.id, callerOf(request)),
  );
}
