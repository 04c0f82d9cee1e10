import { joinRequestRoutes } from '@kiosk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  decideJoinRequest,
  findMyJoinRequest,
  listJoinRequests,
  submitJoinRequest,
  withdrawJoinRequest,
} from './service.ts';
import type { JoinRequestStore } from './store.ts';

/** The signed-in caller's DID (every route here admits only users). */
const didOf = (request: FastifyRequest) => (request.auth.kind === 'user' ? request.auth.did : '');

/**
 * Joining as a developer (seed 001 `/join`, docs/identity.md §3): the user's side under
 * /api/developer/join-requests, the admins' under /api/console/join-requests.
 */
export function registerJoinRequestRoutes(app: FastifyInstance, store: JoinRequestStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const submit = joinRequestRoutes['POST /api/developer/join-requests'];
  r.post(
    submit.path,
    {
      config: { access: ['signedIn'] },
      schema: {
        tags: ['identity'],
        summary: 'Ask to join as a developer, the terms ticked (one pending request per user)',
        ...submit.schema,
      },
    },
    async (request, reply) => {
      const { request: joinRequest, created } = await submitJoinRequest(store, {
        did: didOf(request),
        message: request.body.message,
      });
      reply.status(created ? 201 : 200);
      return joinRequest;
    },
  );

  const mine = joinRequestRoutes['GET /api/developer/join-requests/mine'];
  r.get(
    mine.path,
    {
      config: { access: ['signedIn'] },
      schema: { tags: ['identity'], summary: "The caller's latest request to join, or null", ...mine.schema },
    },
    async (request) => findMyJoinRequest(store, didOf(request)),
  );

  const withdraw = joinRequestRoutes['DELETE /api/developer/join-requests/mine'];
  r.delete(
    withdraw.path,
    {
      config: { access: ['signedIn'] },
      schema: { tags: ['identity'], summary: "Withdraw the caller's pending request", ...withdraw.schema },
    },
    async (request) => withdrawJoinRequest(store, didOf(request)),
  );

  const list = joinRequestRoutes['GET /api/console/join-requests'];
  r.get(
    list.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['identity'],
        summary: 'Requests to join as a developer, by status (pending by default)',
        ...list.schema,
      },
    },
    async (request) => listJoinRequests(store, request.query),
  );

  for (const approve of [true, false]) {
    const route =
      joinRequestRoutes[
        approve
          ? 'POST /api/console/join-requests/:id/approve'
          : 'POST /api/console/join-requests/:id/decline'
      ];
    r.post(
      route.path,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['identity'],
          summary: approve
            ? 'Approve a request to join: grants the developer passport'
            : 'Decline a request to join',
          ...route.schema,
        },
      },
      async (request) =>
        decideJoinRequest(store, { id: request.params.id, adminDid: didOf(request), approve }),
    );
  }
}
