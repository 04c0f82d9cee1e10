import { createHash } from 'node:crypto';
import { KioskError, nowUnix } from '@kiosk/core';
import type { PaymentsDb } from '../db.ts';

/**
 * Writes that carry an `Idempotency-Key` run once: a repeat with the same key and body answers the
 * first answer; the same key with another body is refused; a repeat while the first is still running
 * is refused too (the client retries later). A failed first run frees the key.
 */
export interface Answer {
  status: number;
  body: unknown;
}

export async function idempotent(
  db: PaymentsDb,
  scope: string,
  key: string | undefined,
  request: unknown,
  run: () => Promise<Answer>,
): Promise<Answer> {
  if (!key) return run();
  if (key.length > 255)
    throw new KioskError('VALIDATION_FAILED', {
      details: [{ path: 'headers.idempotency-key', message: 'max 255' }],
    });
  const requestHash = createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      scope,
      key,
      request_hash: requestHash,
      status_code: null,
      response: null,
      created_at: nowUnix(),
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const earlier = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (earlier.request_hash !== requestHash) throw new KioskError('IDEMPOTENCY_KEY_REUSED', { status: 409 });
    if (earlier.status_code === null || earlier.response === null) {
      throw new KioskError('IDEMPOTENCY_IN_PROGRESS', { status: 409 });
    }
    return { status: earlier.status_code, body: JSON.parse(earlier.response) };
  }
  try {
    const answer = await run();
    await db
      .updateTable('idempotency_keys')
      .set({ status_code: answer.status, response: JSON.stringify(answer.body) })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
    return answer;
  } catch (error) {
    await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
    throw error;
  }
}
