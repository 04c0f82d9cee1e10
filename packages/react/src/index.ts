export { createKioskI18nWith } from './i18n/create-kiosk-i18n.ts';
export { useScreenMessages } from './i18n/use-screen-messages.ts';
export { readCookie, writeCookie, type CookieOptions } from './browser/cookies.ts';
export { isInsideIframe } from './browser/is-inside-iframe.ts';
export { useDebouncedCallback } from './hooks/use-debounced-callback.ts';
export {
  CookieConsent,
  COOKIE_CONSENT_COOKIE,
  COOKIE_CONSENT_DAYS,
  type CookieConsentProps,
} from './cookie-consent/CookieConsent.tsx';
export { DataTable, type DataTableProps } from './data-table/DataTable.tsx';
export { DataTableSearch, type DataTableSearchProps } from './data-table/DataTableSearch.tsx';
export type { DataTableColumn, DataTableError } from './data-table/types.ts';
export {
  MOBILE_PAGE_SIZE,
  ROWS_PER_PAGE_OPTIONS,
  SEARCH_DEBOUNCE_MS,
  MAX_SKELETON_ROWS,
} from './data-table/constants.ts';
export { DataTableRows, type DataTableRowsProps } from './data-table/DataTableRows.tsx';
export { DataTableCards, type DataTableCardsProps } from './data-table/DataTableCards.tsx';
export { DataTableNotice, type DataTableNoticeProps } from './data-table/DataTableNotice.tsx';
export { visuallyHidden } from './data-table/visually-hidden.ts';
export { WalletConnectDialog, type WalletConnectDialogProps } from './wallet-connect/WalletConnectDialog.tsx';
export type {
  ConnectSession,
  ConnectStatus,
  ConnectStatusAnswer,
  InjectedWalletOption,
  WalletConnectResult,
} from './wallet-connect/types.ts';
export { CONNECT_POLL_INTERVAL_MS, CONNECT_SESSION_LIFETIME_MS } from './wallet-connect/constants.ts';
export { CONNECT_ERROR } from './wallet-connect/connect-errors.ts';
export {
  KioskProvider,
  useKiosk,
  type KioskContextValue,
  type KioskProviderProps,
} from './provider/KioskProvider.tsx';
export {
  SESSION_QUERY_KEY,
  useKioskSession,
  type Passport,
  type SessionAnswer,
  type SessionUser,
} from './session/use-kiosk-session.ts';
export { useKioskSettings } from './settings/use-kiosk-settings.ts';
export { useRealtimeTopic, type RealtimeEvent } from './realtime/use-realtime-topic.ts';
export {
  isUserRejection,
  legacyInjectedProvider,
  type Eip1193Provider,
  type Eip6963ProviderDetail,
  type Eip6963ProviderInfo,
} from './wallet/eip1193.ts';
export { useInjectedWallets } from './wallet/use-injected-wallets.ts';
export { CheckoutForm, type CheckoutFormProps } from './checkout/CheckoutForm.tsx';
export { prefetchCheckout, seedCheckout } from './checkout/use-checkout.ts';
export { CHECKOUT_LAYOUTS, type CheckoutLayout } from './checkout/layouts.ts';
export { CheckoutLoading } from './checkout/states/CheckoutSkeleton.tsx';
export { checkoutEvents } from './checkout/checkout-events.ts';
export {
  PAID_SHOWN_MS,
  PastDueDialog,
  PastDuePayment,
  type PastDueDialogProps,
  type PastDuePaymentProps,
} from './checkout/payment/PastDueDialog.tsx';
export {
  overdueKey,
  usePastDueFocus,
  usePastDuePayment,
  type PastDueScope,
} from './checkout/past-due-payment.ts';
export { sendAndNameTransfer } from './checkout/payment/wallet-transfer.ts';
export { payableInPlace } from './checkout/past-due.ts';
export { PayByConnectDialog, type PayByConnectDialogProps } from './checkout/payment/PayByConnectDialog.tsx';
export {
  confirmMandate,
  MandateNotSeenError,
  MANDATE_RETRY_MS,
  sendMandateCalls,
  TransactionFailedError,
} from './checkout/payment/authorise-with-injected-wallet.ts';
export {
  NoAccountError,
  payWithInjectedWallet,
  WrongAccountError,
} from './checkout/payment/pay-with-injected-wallet.ts';
export { mandateConsentText } from './checkout/payment/mandate-terms.ts';
export * from './errors/index.ts';
