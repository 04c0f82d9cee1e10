import { newId, nowUnix } from '@kiosk/core';
import type { Executor } from '../db.ts';

/**
 * Every state change writes an `evt_` row in the same transaction as the change (so an event exists
 * exactly when its change does). Webhook delivery and the realtime relay read from here.
 */
export async function recordEvent(
  db: Executor,
  input: { type: string; livemode: boolean; objectId: string; data: unknown },
): Promise<string> {
  const id = newId('event');
  await db
    .insertInto('events')
    .values({
      id,
      livemode: input.livemode,
      type: input.type,
      object_id: input.objectId,
      data: JSON.stringify(input.data),
      created_at: nowUnix(),
    })
    .execute();
  return id;
}

export async function eventsFor(
  db: Executor,
  objectId: string,
): Promise<{ type: string; created_at: number }[]> {
  return db
    .selectFrom('events')
    .select(['type', 'created_at'])
    .where('object_id', '=', objectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
