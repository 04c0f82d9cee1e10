import { cliConnectionRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  answerCliConnection,
  findCliConnection,
  openCliConnection,
  redeemCliConnection,
} from './cli-connections.ts';
import type { AccessTokenStore } from './store.ts';

/**
 * `kiosk login` through the browser (docs/identity.md §4): the CLI opens and redeems, anonymous but
 * holding the secret; the developer signed in on the /connect-cli page approves or denies. An editor
 * (`client: 'studio'`) takes the same path, its developer sent to the /connect-studio page instead.
 */
export function registerCliConnectionRoutes(
  app: FastifyInstance,
  store: AccessTokenStore,
  options: { baseUrl: string; rateLimit: { max: number; timeWindow: number } },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rateLimit } = options;

  const open = cliConnectionRoutes['POST /api/connect-cli'];
  r.post(
    open.path,
    {
      // The secret is shown once and never stored, so a keyed retry cannot be answered again.
      config: { access: ['public'], rateLimit, idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: 'Open a CLI connection (kiosk login) or an editor connection (client studio)',
        ...open.schema,
      },
    },
    async (request, reply) => {
      const connection = await openCliConnection(store, {
        client: request.body?.client ?? 'cli',
        source: request.body?.source,
      });
      reply.status(201);
      const page = connection.client === 'studio' ? 'connect-studio' : 'connect-cli';
      return {
        ...connection,
        approve_url: `${options.baseUrl}/${page}?id=${encodeURIComponent(connection.id)}`,
      };
    },
  );

  const find = cliConnectionRoutes['GET /api/connect-cli/:id'];
  r.get(
    find.path,
    {
      config: { access: ['public'], rateLimit },
      schema: {
        tags: ['identity'],
        summary: 'A CLI connection, as its approval page shows it',
        ...find.schema,
      },
    },
    async (request) => findCliConnection(store, request.params.id),
  );

  for (const approve of [true, false]) {
    const route =
      cliConnectionRoutes[approve ? 'POST /api/connect-cli/:id/approve' : 'POST /api/connect-cli/:id/deny'];
    r.post(
      route.path,
      {
        // Approving hands the CLI a token of the developer who approves: a developer, signed in.
        config: { access: approve ? ['developer'] : ['signedIn'] },
        schema: {
          tags: ['identity'],
          summary: approve ? 'Approve a CLI connection: it may then redeem a token' : 'Deny a CLI connection',
          ...route.schema,
        },
      },
      async (request) =>
        answerCliConnection(store, {
          id: request.params.id,
          did: request.auth.kind === 'user' ? request.auth.did : '',
          approve,
        }),
    );
  }

  const redeem = cliConnectionRoutes['POST /api/connect-cli/:id/redeem'];
  r.post(
    redeem.path,
    {
      config: { access: ['public'], rateLimit, idempotency: 'refused' },
      schema: {
        tags: ['identity'],
        summary: "The CLI's poll: the connection's status, and once approved, its access token (once)",
        ...redeem.schema,
      },
    },
    async (request) => redeemCliConnection(store, { id: request.params.id, secret: request.body.secret }),
  );
}
