import type {
  PageQuery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from '@kiosk/contracts';
import { KioskError, newId, randomToken } from '@kiosk/core';
import { askFirst, transaction } from '@kiosk/db';
import type { Kysely } from 'kysely';
import { pageOf } from '../paging.ts';
import type { WebhookContext } from './context.ts';
import type { WebhookEndpointRow, WebhookTables } from './table.ts';
import { checkWebhookUrl } from './url-guard.ts';
import { enabledEventsColumn, endpointView } from './views.ts';

/**
 * Webhook endpoints of each mode (issue 23 item 3): made, changed and deleted by the merchant, each
 * change recorded as a `webhook_endpoint.*` event. The secret is answered only when it is made (on
 * create and on roll) and never shown again: no view holds it.
 */

function newSecret(): string {
  return `whsec_${randomToken(32)}`;
}

async function recordChange(
  ctx: WebhookContext,
  trx: Kysely<WebhookTables>,
  type: string,
  row: WebhookEndpointRow,
): Promise<void> {
  await ctx.events.record(trx, {
    type,
    livemode: Boolean(row.livemode),
    objectType: 'webhook_endpoint',
    objectId: row.id,
    data: endpointView(row),
  });
}

export async function createEndpoint(
  ctx: WebhookContext,
  livemode: boolean,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointWithSecret> {
  // The host is resolved before the write's transaction begins.
  await askFirst(() => checkWebhookUrl(input.url, ctx.allowPrivate));
  const now = ctx.clock.nowUnix();
  const row: WebhookEndpointRow = {
    id: newId('webhookEndpoint'),
    livemode,
    url: input.url,
    enabled_events: enabledEventsColumn.write([...new Set(input.enabled_events)]),
    description: input.description ?? null,
    disabled: input.disabled,
    secret: newSecret(),
    failing_since: null,
    enabled_at: now,
    created_at: now,
    updated_at: now,
  };
  await transaction(ctx.db, async (trx) => {
    await trx.insertInto('webhook_endpoints').values(row).execute();
    await recordChange(ctx, trx, 'webhook_endpoint.created', row);
  });
  return { ...endpointView(row), secret: row.secret };
}

async function findRow(
  db: Kysely<WebhookTables>,
  livemode: boolean,
  id: string,
): Promise<WebhookEndpointRow> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!row) throw new KioskError('WEBHOOK_ENDPOINT_NOT_FOUND', { status: 404 });
  return row;
}

export async function retrieveEndpoint(
  ctx: WebhookContext,
  livemode: boolean,
  id: string,
): Promise<WebhookEndpoint> {
  return endpointView(await findRow(ctx.db, livemode, id));
}

export async function listEndpoints(ctx: WebhookContext, livemode: boolean, query: PageQuery) {
  const { rows, count } = await pageOf<WebhookTables, 'webhook_endpoints'>(
    ctx.db.selectFrom('webhook_endpoints').where('livemode', '=', livemode),
    query,
  );
  return { list: rows.map(endpointView), count };
}

export async function updateEndpoint(
  ctx: WebhookContext,
  livemode: boolean,
  id: string,
  input: WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await askFirst(() => checkWebhookUrl(input.url!, ctx.allowPrivate));
  return transaction(ctx.db, async (trx) => {
    const before = await findRow(trx, livemode, id);
    const change: Partial<WebhookEndpointRow> = { updated_at: ctx.clock.nowUnix() };
    if (input.url !== undefined) change.url = input.url;
    if (input.enabled_events !== undefined)
      change.enabled_events = enabledEventsColumn.write([...new Set(input.enabled_events)]);
    if (input.description !== undefined) change.description = input.description;
    if (input.disabled !== undefined) {
      change.disabled = input.disabled;
      // Enabled again, it starts with a clean record (three more days before it is disabled again),
      // and hears what happens from now on, not what happened while it was disabled.
      if (!input.disabled && before.disabled) {
        change.failing_since = null;
        change.enabled_at = change.updated_at;
      }
    }
    await trx.updateTable('webhook_endpoints').set(change).where('id', '=', id).execute();
    const row = { ...before, ...change };
    await recordChange(ctx, trx, 'webhook_endpoint.updated', row);
    return endpointView(row);
  });
}

/** Deletes the endpoint and its delivery log; deliveries still queued for it find nothing to do. */
export async function deleteEndpoint(
  ctx: WebhookContext,
  livemode: boolean,
  id: string,
): Promise<WebhookEndpoint> {
  return transaction(ctx.db, async (trx) => {
    const row = await findRow(trx, livemode, id);
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    await recordChange(ctx, trx, 'webhook_endpoint.deleted', row);
    return endpointView(row);
  });
}

/** A new secret at once (the old one stops signing); answered this once. */
export async function rollSecret(
  ctx: WebhookContext,
  livemode: boolean,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  return transaction(ctx.db, async (trx) => {
    const before = await findRow(trx, livemode, id);
    const row = { ...before, secret: newSecret(), updated_at: ctx.clock.nowUnix() };
    await trx
      .updateTable('webhook_endpoints')
      .set({ secret: row.secret, updated_at: row.updated_at })
      .where('id', '=', id)
      .execute();
    await recordChange(ctx, trx, 'webhook_endpoint.updated', row);
    return { ...endpointView(row), secret: row.secret };
  });
}
