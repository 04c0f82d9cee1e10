import type { PageQuery, WebhookDelivery } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { afterCommit, transaction } from '@kiosk/db';
import type { Kysely } from 'kysely';
import { toKioskEvent } from '../events/outbox.ts';
import { pageOf } from '../paging.ts';
import {
  DELIVER_JOB,
  DISABLE_AFTER_SECONDS,
  hears,
  RETRY_WINDOW_SECONDS,
  type WebhookContext,
} from './context.ts';
import { postWebhook, signatureHeader, type SendOutcome } from './send.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookTables } from './table.ts';
import { deliveryView, enabledEventsColumn, endpointView } from './views.ts';

/**
 * Deliveries: each committed event becomes one delivery per enabled endpoint of its mode that hears
 * its type (fanOut), and each delivery is POSTed by a job, outside any transaction, retried with
 * exponential backoff on the platform clock for three days; then it has failed. An endpoint failing
 * for three days is disabled, with an event saying so.
 */

/** Events fanned out per transaction. */
const BATCH = 500;
/** First retry a minute after a failure, then twice as long each time, at most half a day apart. */
const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 12 * 60 * 60;

export interface DeliverPayload {
  delivery_id: string;
  /** The attempt this job makes; a job whose attempt was made already (a resend raced it) does nothing. */
  attempt: number;
}

export function retryDelaySeconds(attempt: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_SECONDS);
}

async function enqueueAttempt(
  ctx: WebhookContext,
  trx: Kysely<WebhookTables>,
  deliveryId: string,
  attempt: number,
  options: { runAt?: number; key?: string } = {},
): Promise<void> {
  const payload: DeliverPayload = { delivery_id: deliveryId, attempt };
  await ctx.jobs.enqueue(trx, DELIVER_JOB, payload, {
    key: options.key ?? `${deliveryId}:${attempt}`,
    ...(options.runAt !== undefined && { runAt: options.runAt }),
  });
}

/**
 * Makes the deliveries of every event not yet fanned out since the earliest enabled endpoint was
 * enabled, oldest first; answers how many events. With no endpoint enabled it only reads: an idle
 * server, or one without webhooks, writes nothing.
 */
export async function fanOut(ctx: WebhookContext): Promise<number> {
  let total = 0;
  for (;;) {
    // Most sweeps find nothing: they look without a transaction (on SQLite, one takes the writer).
    const since = await ctx.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.min('enabled_at').as('since'))
      .where('disabled', '=', false)
      .executeTakeFirst();
    if (since?.since === null || since?.since === undefined) return total;
    const any = await ctx.db
      .selectFrom('events')
      .select('id')
      .where('webhooked_at', 'is', null)
      .where('created_at', '>=', Number(since.since))
      .limit(1)
      .executeTakeFirst();
    if (!any) return total;
    const events = await transaction(ctx.db, (trx) => fanOutBatch(ctx, trx, Number(since.since)));
    total += events;
    if (events < BATCH) return total;
  }
}

async function fanOutBatch(ctx: WebhookContext, trx: Kysely<WebhookTables>, since: number): Promise<number> {
  let due = trx
    .selectFrom('events')
    .select(['id', 'type', 'livemode', 'created_at'])
    .where('webhooked_at', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .limit(BATCH);
  // Several processes fan out at once on PostgreSQL: each takes events no other holds.
  if (ctx.database.engine === 'postgres') due = due.forUpdate().skipLocked();
  const batch = await due.execute();
  if (!batch.length) return 0;
  const endpoints = (
    await trx.selectFrom('webhook_endpoints').selectAll().where('disabled', '=', false).execute()
  ).map((row) => ({ row, patterns: enabledEventsColumn.read(row.enabled_events) }));
  const now = ctx.clock.nowUnix();
  const rows: WebhookDeliveryRow[] = [];
  for (const event of batch)
    for (const { row, patterns } of endpoints)
      // An endpoint hears what happens while it is enabled, in its own mode.
      if (
        Boolean(row.livemode) === Boolean(event.livemode) &&
        Number(row.enabled_at) <= Number(event.created_at) &&
        hears(patterns, event.type)
      )
        rows.push(newDelivery(row, event, now));
  // SQLite takes at most 32 766 parameters a statement: a delivery row has fourteen.
  for (let i = 0; i < rows.length; i += 1_000) {
    const made = await trx
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 1_000))
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).doNothing())
      .returning('id')
      .execute();
    for (const { id } of made) await enqueueAttempt(ctx, trx, id, 1);
  }
  await trx
    .updateTable('events')
    .set({ webhooked_at: now })
    .where(
      'id',
      'in',
      batch.map((e) => e.id),
    )
    .execute();
  if (rows.length) ctx.jobs.wake();
  return batch.length;
}

function newDelivery(
  endpoint: WebhookEndpointRow,
  event: { id: string; type: string },
  now: number,
): WebhookDeliveryRow {
  return {
    id: newId('webhookDelivery'),
    livemode: endpoint.livemode,
    endpoint_id: endpoint.id,
    event_id: event.id,
    event_type: event.type,
    status: 'pending',
    attempt: 0,
    http_status: null,
    duration_ms: null,
    response_excerpt: null,
    error: null,
    next_retry_at: now,
    created_at: now,
    updated_at: now,
  };
}

/** The job: one attempt of one delivery. The receiver is asked outside any transaction. */
export async function deliver(ctx: WebhookContext, { delivery_id, attempt }: DeliverPayload): Promise<void> {
  const delivery = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', delivery_id)
    .executeTakeFirst();
  if (!delivery || delivery.status !== 'pending' || Number(delivery.attempt) !== attempt - 1) return;
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', delivery.endpoint_id)
    .executeTakeFirst();
  const event = await ctx.db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', delivery.event_id)
    .executeTakeFirst();
  if (!endpoint || !event) return;
  let outcome: SendOutcome;
  if (endpoint.disabled) {
    outcome = {
      ok: false,
      httpStatus: null,
      durationMs: 0,
      excerpt: null,
      error: 'WEBHOOK_ENDPOINT_DISABLED',
    };
  } else {
    const body = JSON.stringify(toKioskEvent(event));
    // The signature's time is the wall clock's: receivers compare it with theirs to refuse replays.
    const signature = signatureHeader(endpoint.secret, body, Math.floor(Date.now() / 1000));
    outcome = await postWebhook(endpoint.url, body, signature, ctx.allowPrivate);
  }
  await transaction(ctx.db, (trx) => settleAttempt(ctx, trx, delivery, attempt, outcome));
}

async function settleAttempt(
  ctx: WebhookContext,
  trx: Kysely<WebhookTables>,
  delivery: WebhookDeliveryRow,
  attempt: number,
  outcome: SendOutcome,
): Promise<void> {
  const now = ctx.clock.nowUnix();
  const expired = now - Number(delivery.created_at) >= RETRY_WINDOW_SECONDS;
  const final = outcome.ok || expired || outcome.error === 'WEBHOOK_ENDPOINT_DISABLED';
  // The retry never goes past the window: the last attempt is made as the three days end.
  const next = final
    ? null
    : Math.min(now + retryDelaySeconds(attempt), Number(delivery.created_at) + RETRY_WINDOW_SECONDS);
  const settled = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.ok ? 'succeeded' : final ? 'failed' : 'pending',
      attempt,
      http_status: outcome.httpStatus,
      duration_ms: outcome.durationMs,
      response_excerpt: outcome.excerpt,
      error: outcome.error,
      next_retry_at: next,
      updated_at: now,
    })
    .where('id', '=', delivery.id)
    .where('status', '=', 'pending')
    .where('attempt', '=', attempt - 1)
    .executeTakeFirst();
  if (settled.numUpdatedRows === 0n) return;
  if (next !== null)
    await enqueueAttempt(ctx, trx, delivery.id, attempt + 1, {
      runAt: ctx.clock.nowMs() + (next - now) * 1000,
    });
  if (outcome.error !== 'WEBHOOK_ENDPOINT_DISABLED')
    await noteEndpointHealth(ctx, trx, delivery.endpoint_id, outcome.ok, now);
}

/** A success clears the endpoint's failing record; three days of failures disable it, told by an event. */
async function noteEndpointHealth(
  ctx: WebhookContext,
  trx: Kysely<WebhookTables>,
  endpointId: string,
  ok: boolean,
  now: number,
): Promise<void> {
  const endpoint = await trx
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (!endpoint) return;
  if (ok) {
    if (endpoint.failing_since !== null)
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', endpointId)
        .execute();
    return;
  }
  if (endpoint.failing_since === null) {
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: now })
      .where('id', '=', endpointId)
      .execute();
    return;
  }
  if (endpoint.disabled || now - Number(endpoint.failing_since) < DISABLE_AFTER_SECONDS) return;
  const row = { ...endpoint, disabled: true, updated_at: now };
  await trx
    .updateTable('webhook_endpoints')
    .set({ disabled: true, updated_at: now })
    .where('id', '=', endpointId)
    .execute();
  await ctx.events.record(trx, {
    type: 'webhook_endpoint.disabled',
    livemode: Boolean(row.livemode),
    objectType: 'webhook_endpoint',
    objectId: row.id,
    data: endpointView(row),
  });
  afterCommit(() => ctx.onDisabled(endpointView(row)));
}

async function findDelivery(db: Kysely<WebhookTables>, livemode: boolean, id: string) {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!row) throw new KioskError('WEBHOOK_DELIVERY_NOT_FOUND', { status: 404 });
  return row;
}

/** Sends a delivery again now, whatever became of it; a retry it had waiting is then moot. */
export async function resendDelivery(
  ctx: WebhookContext,
  livemode: boolean,
  id: string,
): Promise<WebhookDelivery> {
  return transaction(ctx.db, async (trx) => {
    const before = await findDelivery(trx, livemode, id);
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select('disabled')
      .where('id', '=', before.endpoint_id)
      .executeTakeFirst();
    if (!endpoint || endpoint.disabled) throw new KioskError('WEBHOOK_ENDPOINT_DISABLED', { status: 409 });
    const now = ctx.clock.nowUnix();
    const change = { status: 'pending' as const, next_retry_at: now, updated_at: now };
    await trx.updateTable('webhook_deliveries').set(change).where('id', '=', id).execute();
    const attempt = Number(before.attempt) + 1;
    await enqueueAttempt(ctx, trx, id, attempt, { key: `${id}:${attempt}:resend` });
    ctx.jobs.wake();
    return deliveryView({ ...before, ...change });
  });
}

export async function listDeliveries(
  ctx: WebhookContext,
  livemode: boolean,
  endpointId: string,
  query: PageQuery & { status?: WebhookDeliveryRow['status'] | undefined },
) {
  const endpoint = await ctx.db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('id', '=', endpointId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (!endpoint) throw new KioskError('WEBHOOK_ENDPOINT_NOT_FOUND', { status: 404 });
  let rows = ctx.db.selectFrom('webhook_deliveries').where('endpoint_id', '=', endpointId);
  if (query.status) rows = rows.where('status', '=', query.status);
  const page = await pageOf<WebhookTables, 'webhook_deliveries'>(rows, query);
  return { list: page.rows.map(deliveryView), count: page.count };
}
