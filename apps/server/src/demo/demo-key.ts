import { createApiKey } from '@kiosk/identity';
import type { FastifyInstance } from 'fastify';
import type { InProcessSession } from './in-process.ts';

const DEMO_KEY_NAME = 'Demo back end';

/**
 * A key's secret is stored hashed, so no start can show an earlier start's key again. Each start makes
 * a new test key and the owner revokes the demo's earlier ones (`api_key.created` and
 * `api_key.revoked` record both), so the key printed last is the demo's only working one. Answers
 * the new secret and how many keys went; `revoked` is undefined when the demo's owner account is not
 * the instance's owner (KIOSK_OWNER_DID names someone else) and so may not revoke.
 */
export async function renewDemoKey(
  app: FastifyInstance,
  owner: InProcessSession,
): Promise<{ secret: string; revoked: number | undefined }> {
  const key = await createApiKey(app.kiosk.platform, {
    name: DEMO_KEY_NAME,
    livemode: false,
    createdBy: 'kiosk:demo',
  });
  if (!owner.isOwner) return { secret: key.secret, revoked: undefined };
  type Key = { id: string; name: string; livemode: boolean };
  const earlier: string[] = [];
  // Listed whole before revoking: a revoked key leaves the list and would shift the pages under us.
  for (let page = 1; ; page++) {
    const { status, body } = await owner.call('GET', `/api/api-keys?page=${page}&pageSize=100`);
    if (status !== 200) throw new Error(`demo: listing API keys answered ${status}`);
    for (const { id, name, livemode } of body.list as Key[])
      if (name === DEMO_KEY_NAME && !livemode && id !== key.id) earlier.push(id);
    if (body.list.length === 0 || page * 100 >= body.count) break;
  }
  for (const id of earlier) {
    const { status } = await owner.call('DELETE', `/api/api-keys/${id}`);
    if (status !== 204) throw new Error(`demo: revoking API key ${id} answered ${status}`);
  }
  return { secret: key.secret, revoked: earlier.length };
}
