import { WEBHOOK_EVENT_TYPES } from '@kiosk/contracts/event-types';

// What an endpoint picks to hear and the events log's filter offer, built on the contracts' names.

export const EVERY_EVENT = '*';

/** `charge.*`, `invoice.*` …: each object's events as one group (its type less the last part). */
export const EVENT_GROUPS: readonly string[] = [
  ...new Set(WEBHOOK_EVENT_TYPES.map((type) => `${type.slice(0, type.lastIndexOf('.'))}.*`)),
];

/** What an endpoint can listen to: everything, a group, or one type, in that order. */
export const EVENT_PATTERN_OPTIONS: readonly string[] = [
  EVERY_EVENT,
  ...EVENT_GROUPS,
  ...WEBHOOK_EVENT_TYPES,
];
