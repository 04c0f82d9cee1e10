import type { FastifyInstance } from 'fastify';
import { DEMO_OWNER_INDEX } from './demo-accounts.ts';
import { signInInProcess } from './in-process.ts';

export const OWNER_SIGN_IN_PATH = '/demo/sign-in-as-owner';

/**
 * The link the demo prints for its owner, who has no wallet app either: the test wallet signs this
 * browser in as the owner's development account and opens the merchant dashboard. Like the Test
 * wallet button it exists only with KIOSK_TEST_WALLET, where anyone may sign in as any development
 * account anyway. A page, not an API operation: it answers a redirect.
 */
export function registerOwnerSignInRoute(app: FastifyInstance): void {
  app.get(
    OWNER_SIGN_IN_PATH,
    { config: { access: ['public'] }, schema: { hide: true } },
    async (_request, reply) => {
      const owner = await signInInProcess(app, DEMO_OWNER_INDEX);
      return reply.header('set-cookie', owner.setCookie).redirect('/dashboard');
    },
  );
}
