import type { DeveloperApp } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { findApp, getDeveloperApp } from '../apps/service.ts';
import type { StoreDeps } from '../context.ts';
import { flag } from '../tables.ts';

/**
 * An admin blocks an app (seed 001 §6, §7): it leaves the store front, its developer cannot publish or
 * request review, and sees the reason; unblocking undoes it. Each is an event (`app.blocked`,
 * `app.unblocked`). Blocking a blocked app again changes the reason.
 */
export async function blockApp(deps: StoreDeps, did: string, reason: string): Promise<DeveloperApp> {
  return transaction(deps.db, async (trx) => {
    if (!(await findApp(trx, did))) throw new KioskError('APP_NOT_FOUND', { status: 404 });
    await deps.resources.apps.update(trx, did, { blocked: true, block_reason: reason }, 'app.blocked');
    return getDeveloperApp(trx, did);
  });
}

export async function unblockApp(deps: StoreDeps, did: string): Promise<DeveloperApp> {
  return transaction(deps.db, async (trx) => {
    const app = await findApp(trx, did);
    if (!app) throw new KioskError('APP_NOT_FOUND', { status: 404 });
    if (!flag(app.blocked)) throw new KioskError('APP_NOT_BLOCKED', { status: 409 });
    await deps.resources.apps.update(trx, did, { blocked: false, block_reason: null }, 'app.unblocked');
    return getDeveloperApp(trx, did);
  });
}
