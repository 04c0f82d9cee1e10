import type { StoreSettings, storeSettingsUpdate } from '@kiosk/contracts';
import type { ReviewType } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { Platform, Resource } from '@kiosk/platform';
import type { z } from 'zod';
import { flag } from '../columns.ts';
import { DEFAULT_REVIEW_TYPE, type StoreDeps } from '../context.ts';
import type { StoreSettingsEvent } from '../events.ts';
import type { StoreDb, StoreSettingsRow } from '../tables.ts';

/** The one row of `store_settings`. */
const SETTINGS_ID = 'store';

/** The store's settings as the platform writes them: every change records `store_settings.updated`. */
export function storeSettingsResource(platform: Platform): Resource<StoreSettingsRow, StoreSettingsEvent> {
  return platform.resource<StoreSettingsRow, StoreSettingsEvent>({
    table: 'store_settings',
    objectType: 'store_settings',
    snapshot: (row) => settingsView(row),
    livemode: () => true,
  });
}

function settingsView(row: StoreSettingsRow | undefined): StoreSettings {
  return {
    object: 'store_settings',
    review_type: row?.review_type ?? DEFAULT_REVIEW_TYPE,
    ...salesOf(row),
    updated_at: row ? Number(row.updated_at) : null,
  };
}

async function readSettings(db: StoreDb): Promise<StoreSettingsRow | undefined> {
  return db.selectFrom('store_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirst();
}

/**
 * Until the owner says otherwise the store sells live and keeps 30 % of each sale (the share the
 * original store took).
 */
const DEFAULT_SALES = { sales_livemode: true, store_share_bps: 3000 };

function salesOf(row: StoreSettingsRow | undefined) {
  if (!row) return DEFAULT_SALES;
  return { sales_livemode: flag(row.sales_livemode), store_share_bps: Number(row.store_share_bps) };
}

/** The mode paid apps are sold in and the store's share of a sale, read in the caller's transaction. */
export async function salesSettings(
  db: StoreDb,
): Promise<{ sales_livemode: boolean; store_share_bps: number }> {
  return salesOf(await readSettings(db));
}

/** The review type of apps the admins have not set one for: theirs, else every version. */
export async function storeReviewType(db: StoreDb): Promise<ReviewType> {
  return (await readSettings(db))?.review_type ?? DEFAULT_REVIEW_TYPE;
}

export async function getStoreSettings(deps: StoreDeps): Promise<StoreSettings> {
  return settingsView(await readSettings(deps.db));
}

/** Changes the fields given; the row is made by the first change. */
export async function updateStoreSettings(
  deps: StoreDeps,
  settings: Resource<StoreSettingsRow, StoreSettingsEvent>,
  input: z.infer<typeof storeSettingsUpdate>,
): Promise<StoreSettings> {
  return transaction(deps.db, async (trx) => {
    const now = deps.clock.nowUnix();
    const current = await readSettings(trx);
    const row = current
      ? await settings.update(trx, SETTINGS_ID, input, 'store_settings.updated')
      : await settings.insert(
          trx,
          {
            id: SETTINGS_ID,
            review_type: input.review_type ?? DEFAULT_REVIEW_TYPE,
            sales_livemode: input.sales_livemode ?? DEFAULT_SALES.sales_livemode,
            store_share_bps: input.store_share_bps ?? DEFAULT_SALES.store_share_bps,
            created_at: now,
            updated_at: now,
          },
          'store_settings.updated',
        );
    return settingsView(row);
  });
}
