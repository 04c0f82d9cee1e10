import { firstLoadEn } from './first-load.en.ts';
import { firstLoadZh } from './first-load.zh.ts';
import type { Locale } from './index.ts';

/*
 * Both languages' first-load messages, for hosts that take both at once (@kiosk/react/i18n) and the
 * server's answers (translate.ts). Not in @kiosk/core's index: whatever a page's first scripts import would carry
 * both languages (a page loads its own language's module, first-load.en or first-load.zh).
 */

/** Every message the server and the first load need, flat dotted keys; placeholders are written `{name}`. */
export const catalogs: Record<Locale, Record<string, string>> = { en: firstLoadEn, zh: firstLoadZh };
