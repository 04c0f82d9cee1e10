import type { Category, categoryInput } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { StoreDeps } from '../context.ts';
import { categoryJson } from '../categories/table.ts';
import type { CategoryRow, StoreDb } from '../tables.ts';

/**
 * The admins' categories (seed 001 §6, §7). Names are unique whatever their case (the store front's
 * `/category/{name}` finds them so); deleting one that apps are in is refused, where the original
 * deleted it from under them.
 */

type CategoryInput = z.infer<typeof categoryInput>;

export const categorySnapshot = (row: CategoryRow) => ({
  id: row.id,
  name: row.name,
  locales: categoryJson.locales.read(row.locales),
});

function categoryView(row: CategoryRow, appCount: number): Category {
  return {
    ...categorySnapshot(row),
    app_count: appCount,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Every category by name, with how many apps the store front shows in each. */
export async function listCategories(db: StoreDb): Promise<Category[]> {
  const rows = await db.selectFrom('store_categories').selectAll().orderBy('name').execute();
  const counts = await db
    .selectFrom('store_apps')
    .select(['category_id', sql<number>`count(*)`.as('count')])
    .where('published_version', 'is not', null)
    .where('visibility', '=', 'public')
    .where('blocked', '=', false)
    .groupBy('category_id')
    .execute();
  const countOf = new Map(counts.map((row) => [row.category_id, Number(row.count)]));
  return rows.map((row) => categoryView(row, countOf.get(row.id) ?? 0));
}

async function refuseTakenName(db: StoreDb, name: string, except?: string): Promise<void> {
  let query = db
    .selectFrom('store_categories')
    .select('id')
    .where(sql<SqlBool>`lower(name) = lower(${name})`);
  if (except) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst())
    throw new KioskError('CATEGORY_EXISTS', { status: 409, params: { category: name } });
}

export async function createCategory(deps: StoreDeps, input: CategoryInput): Promise<Category> {
  const name = input.name.trim();
  return transaction(deps.db, async (trx) => {
    await refuseTakenName(trx, name);
    const now = deps.clock.nowUnix();
    const row = await deps.resources.categories.insert(
      trx,
      {
        id: newId('category'),
        name,
        locales: categoryJson.locales.write(input.locales),
        created_at: now,
        updated_at: now,
      },
      'category.created',
    );
    return categoryView(row, 0);
  });
}

export async function updateCategory(deps: StoreDeps, id: string, input: CategoryInput): Promise<Category> {
  const name = input.name.trim();
  return transaction(deps.db, async (trx) => {
    await refuseTakenName(trx, name, id);
    const row = await deps.resources.categories.update(
      trx,
      id,
      { name, locales: categoryJson.locales.write(input.locales), updated_at: deps.clock.nowUnix() },
      'category.updated',
    );
    if (!row) throw new KioskError('CATEGORY_NOT_FOUND', { status: 404, params: { category: id } });
    return (await listCategories(trx)).find((category) => category.id === id)!;
  });
}

export async function deleteCategory(deps: StoreDeps, id: string): Promise<void> {
  await transaction(deps.db, async (trx) => {
    const row = await trx.selectFrom('store_categories').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new KioskError('CATEGORY_NOT_FOUND', { status: 404, params: { category: id } });
    const used = await trx
      .selectFrom('store_apps')
      .select(sql<number>`count(*)`.as('count'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(used.count) > 0)
      throw new KioskError('CATEGORY_IN_USE', { status: 409, params: { count: Number(used.count) } });
    await trx.deleteFrom('store_categories').where('id', '=', id).execute();
    await deps.resources.categories.record(trx, row, 'category.deleted');
  });
}
