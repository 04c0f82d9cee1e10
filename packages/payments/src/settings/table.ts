import { donateSettings } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Flag, Json, Row } from '../columns.ts';

/**
 * The settings of a place in a host application (migration 20261202_10; seed 001 §3, the reference's
 * Setting): its type (`donate`), the host's key for the place, and the settings, which start inactive
 * until an owner enables them.
 */
export type SettingRow = Row & {
  type: 'donate';
  mount_location: string;
  description: string;
  component_did: string | null;
  active: Flag;
  settings: Json;
};

export const settingJson = jsonColumns('settings', {
  settings: jsonColumn(donateSettings, donateSettings.parse({})),
});
