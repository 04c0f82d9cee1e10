import type { Setting } from '@kiosk/contracts';
import { flag } from '../db.ts';
import { settingJson, type SettingRow } from './table.ts';

export function settingView(row: SettingRow): Setting {
  return {
    id: row.id,
    object: 'setting',
    livemode: flag(row.livemode),
    type: row.type,
    mountLocation: row.mount_location,
    description: row.description,
    componentDid: row.component_did,
    active: flag(row.active),
    settings: settingJson.settings.read(row.settings),
    created: Number(row.created_at),
    updated: Number(row.updated_at),
  };
}
