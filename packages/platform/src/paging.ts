import type { PageQuery } from '@kiosk/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered list, newest first (ids are time-ordered), and how many rows match in all.
 * `page` counts from 1; with `starting_after` the page begins after that id instead.
 */
export async function pageOf<DB, TB extends keyof DB & string, Row = DB[TB]>(
  query: SelectQueryBuilder<DB, TB, object>,
  { page, pageSize, starting_after }: PageQuery,
): Promise<{ rows: Row[]; count: number }> {
  const id = sql.ref<string>('id');
  const rows = await (starting_after ? query.where(id, '<', starting_after) : query)
    .selectAll()
    .orderBy(id, 'desc')
    .limit(pageSize)
    .offset(starting_after ? 0 : (page - 1) * pageSize)
    .execute();
  const total = await query.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return { rows: rows as Row[], count: Number((total as { count: number }).count) };
}
