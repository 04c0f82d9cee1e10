import type { Messages } from './define.ts';

/**
 * Texts of the web shell: navigation, language switch, cookie banner, data table.
 * Its Chinese is in shell.zh.ts.
 */
export const shellEn = {
  'shell.brand': 'Kiosk',
  'shell.skipToContent': 'Skip to main content',
  'shell.nav.label': 'Main',
  'shell.nav.store': 'Store',
  'shell.nav.developer': 'Developer',
  'shell.nav.console': 'Console',
  'shell.nav.dashboard': 'Dashboard',
  'shell.nav.join': 'Become a developer',
  'shell.nav.openMenu': 'Open navigation menu',
  'shell.language.label': 'Language',
  'shell.language.current': 'Language: {language}',
  'shell.language.en': 'English',
  'shell.language.zh': '中文',
  'shell.testMode': 'Test mode',
  'shell.mode.showingLive': 'Showing live data',
  'shell.mode.showingTest': 'Showing test data',
  'shell.footer.tagline': 'Self-hosted payments and app store',
  'shell.footer.apiDocs': 'API docs',
  'cookieConsent.title': 'Cookies',
  'cookieConsent.message': 'Cookies keep your language and sign-in, and count visits.',
  'cookieConsent.accept': 'Accept',
  'cookieConsent.decline': 'Decline',
  'cookieConsent.learnMore': 'Learn more',
  'table.rowsPerPage': 'Rows per page:',
  'table.displayedRows': '{from}–{to} of {count}',
  'table.empty': 'No data',
  'table.loading': 'Loading…',
  'table.error': 'The data could not be loaded.',
  'table.retry': 'Retry',
  'table.searchLabel': 'Search',
  'table.searchPlaceholder': 'Search…',
  'table.page.first': 'Go to first page',
  'table.page.previous': 'Go to previous page',
  'table.page.next': 'Go to next page',
  'table.page.last': 'Go to last page',
} satisfies Messages;
