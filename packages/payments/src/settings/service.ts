import type { settingCreate, settingUpdate } from '@kiosk/contracts';
import { KioskError, newId } from '@kiosk/core';
import { transaction } from '@kiosk/db';
import type { z } from 'zod';
import { stamps, type Executor } from '../db.ts';
import type { Deps } from '../deps.ts';
import { settingJson, type SettingRow } from './table.ts';

/** The settings of `idOrLocation` (an id, `set_…`, or a mount location) in a mode, or undefined. */
export function findSetting(db: Executor, livemode: boolean, idOrLocation: string) {
  return db
    .selectFrom('settings')
    .selectAll()
    .where('livemode', '=', livemode)
    .where(idOrLocation.startsWith('set_') ? 'id' : 'mount_location', '=', idOrLocation)
    .executeTakeFirst() as Promise<SettingRow | undefined>;
}

export async function getSetting(db: Executor, livemode: boolean, idOrLocation: string): Promise<SettingRow> {
  const row = await findSetting(db, livemode, idOrLocation);
  if (!row) throw new KioskError('SETTING_NOT_FOUND', { status: 404 });
  return row;
}

/**
 * POST /api/settings: the settings of a mount location, made the first time and answered as they are
 * after (a host calls it on each start, with its defaults). Two first calls at once make one: the
 * unique index lets one insert through and the other reads it, without failing its transaction.
 */
export async function ensureSetting(
  deps: Deps,
  livemode: boolean,
  input: z.infer<typeof settingCreate>,
): Promise<{ row: SettingRow; created: boolean }> {
  const found = await findSetting(deps.db, livemode, input.mountLocation);
  if (found) return { row: found, created: false };
  return transaction(deps.db, async (trx) => {
    const inserted = (await trx
      .insertInto('settings')
      .values({
        id: newId('setting'),
        livemode,
        type: input.type,
        mount_location: input.mountLocation,
        description: input.description,
        component_did: input.componentDid ?? null,
        active: input.active,
        settings: settingJson.settings.write(input.settings),
        ...stamps(deps.clock),
      })
      .onConflict((conflict) => conflict.columns(['livemode', 'type', 'mount_location']).doNothing())
      .returningAll()
      .executeTakeFirst()) as SettingRow | undefined;
    if (!inserted) return { row: await getSetting(trx, livemode, input.mountLocation), created: false };
    await deps.resources.settings.record(trx, inserted, 'setting.created');
    return { row: inserted, created: true };
  });
}

/** PUT /api/settings/{id or mountLocation}: enabled, disabled or changed, with an event; unchanged, as it is. */
export async function updateSetting(
  deps: Deps,
  livemode: boolean,
  idOrLocation: string,
  input: z.infer<typeof settingUpdate>,
): Promise<SettingRow> {
  return transaction(deps.db, async (trx) => {
    const row = await getSetting(trx, livemode, idOrLocation);
    const set: Partial<SettingRow> = {};
    if (input.active !== undefined) set.active = input.active;
    if (input.description !== undefined) set.description = input.description;
    if (input.settings) set.settings = settingJson.settings.write(input.settings);
    if (Object.keys(set).length === 0) return row;
    return (await deps.resources.settings.update(trx, row.id, set, 'setting.updated'))!;
  });
}
