import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { instanceValue } from '@kiosk/identity';
import type { Kysely } from 'kysely';
import type { StoreDeps } from '../context.ts';

/**
 * How long a launch's address works. Short, as it is a capability in a URL (history, logs): an app
 * that runs longer keeps running, but loads nothing more from the store after it; Launch again
 * renews it.
 */
export const LAUNCH_TOKEN_SECONDS = 60 * 60;

/** What a launch grants: one user, one version of one app, until `exp` (unix seconds). */
export interface LaunchGrant {
  app: string;
  version: string;
  user: string;
  exp: number;
}

const keys = new WeakMap<StoreDeps, Promise<Buffer>>();

/** The instance's launch key, made once and shared by its processes (instance_values). */
function launchKey(deps: StoreDeps): Promise<Buffer> {
  let key = keys.get(deps);
  if (!key) {
    const db = deps.db as unknown as Kysely<never>;
    key = instanceValue({ db, clock: deps.clock }, 'store_launch_key', () =>
      randomBytes(32).toString('hex'),
    ).then((hex) => Buffer.from(hex, 'hex'));
    keys.set(deps, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A token for the path of the apps origin: base64url(JSON).base64url(HMAC-SHA256). */
export async function signLaunch(deps: StoreDeps, grant: LaunchGrant): Promise<string> {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${mac(await launchKey(deps), payload)}`;
}

/** The grant a token carries while it is genuine and unexpired; undefined otherwise. */
export async function readLaunch(deps: StoreDeps, token: string): Promise<LaunchGrant | undefined> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(await launchKey(deps), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LaunchGrant;
  return grant.exp > deps.clock.nowUnix() ? grant : undefined;
}
