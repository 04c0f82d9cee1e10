import { billingZh } from './billing.zh.ts';
import type { Translation } from './define.ts';
import type { firstLoadEn } from './first-load.en.ts';
import { checkoutZh } from './checkout.zh.ts';
import { errorZh } from './errors.zh.ts';
import { identityZh } from './identity.zh.ts';
import { pageZh } from './pages.zh.ts';
import { paymentsZh } from './payments.zh.ts';
import { shellZh } from './shell.zh.ts';
import { storeZh } from './store.zh.ts';

/** first-load.en.ts in Chinese: a page in Chinese loads this module and not the English one. */
export const firstLoadZh: Translation<typeof firstLoadEn> = {
  ...errorZh,
  ...pageZh,
  ...shellZh,
  ...identityZh,
  ...paymentsZh,
  ...checkoutZh,
  ...billingZh,
  ...storeZh,
};
