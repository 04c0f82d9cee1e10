import type { EventRecord, PageQuery } from '@kiosk/contracts';
import { flag } from '../db.ts';
import { pageOf, type PlatformTables } from '@kiosk/platform';
import { sql, type Kysely } from 'kysely';
import type { Deps } from '../deps.ts';

type EventRow = PlatformTables['events'];

export interface EventFilter extends PageQuery {
  object_id?: string[];
  /** A type, or a group ending in `.*`. */
  type?: string;
}

/** The object types Kiosk Pay records: its merchant sees these, never another module's (API keys, apps). */
function paymentObjectTypes(deps: Deps): string[] {
  return Object.values(deps.resources).map((resource) => resource.definition.objectType);
}

/**
 * The merchant's events of one mode, newest first, from the platform's outbox. Events recorded before
 * the outbox named object types were all Kiosk Pay's (it made the table), so they are shown too.
 */
export async function listEvents(deps: Deps, livemode: boolean, filter: EventFilter) {
  const db = deps.db as unknown as Kysely<PlatformTables>;
  let query = db
    .selectFrom('events')
    .where('livemode', '=', livemode)
    .where((eb) => eb.or([eb('object_type', 'in', paymentObjectTypes(deps)), eb('object_type', 'is', null)]));
  if (filter.object_id) query = query.where('object_id', 'in', filter.object_id);
  if (filter.type?.endsWith('.*')) {
    // A prefix compared as text: LIKE would read the `_` of `payment_intent` as a wildcard.
    const prefix = filter.type.slice(0, -1);
    query = query.where(sql<string>`substr(type, 1, ${prefix.length})`, '=', prefix);
  } else if (filter.type) query = query.where('type', '=', filter.type);
  const { rows, count } = await pageOf<PlatformTables, 'events'>(query, filter);
  return { list: rows.map(eventView), count };
}

function eventView(row: EventRow): EventRecord {
  return {
    id: row.id,
    object: 'event',
    livemode: flag(row.livemode),
    type: row.type,
    object_type: row.object_type,
    object_id: row.object_id,
    data: JSON.parse(row.data) as Record<string, unknown>,
    created_at: Number(row.created_at),
  };
}
