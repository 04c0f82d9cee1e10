import { billingEn } from './billing.ts';
import { checkoutEn } from './checkout.ts';
import { errorEn } from './errors.ts';
import { identityEn } from './identity.ts';
import { pageEn } from './pages.ts';
import { paymentsEn } from './payments.ts';
import { shellEn } from './shell.ts';
import { storeEn } from './store.ts';

/**
 * Every message the server and a page's first load need, in English: flat dotted keys, `{name}`
 * placeholders. A page loads its language's module only (catalogs.ts joins both for the server); a
 * screen that loads later brings its own group (`@kiosk/core/i18n/<screen>`).
 */
export const firstLoadEn = {
  ...errorEn,
  ...pageEn,
  ...shellEn,
  ...identityEn,
  ...paymentsEn,
  ...checkoutEn,
  ...billingEn,
  ...storeEn,
};
