import { appDonationMessages } from './app-donation.ts';
import { appFeedbackMessages } from './app-feedback.ts';
import { bitcoinMessages } from './bitcoin.ts';
import { cardMessages } from './cards.ts';
import { checkoutBitcoinMessages } from './checkout-bitcoin.ts';
import { checkoutCardMessages } from './checkout-card.ts';
import { consoleMessages } from './console.ts';
import { consoleCommentsMessages } from './console-comments.ts';
import { dashboardMessages } from './dashboard.ts';
import { dashboardCatalogMessages } from './dashboard-catalog.ts';
import { dashboardLinksMessages } from './dashboard-links.ts';
import { dashboardCustomersMessages } from './dashboard-customers.ts';
import { dashboardHomeMessages } from './dashboard-home.ts';
import { dashboardInvoicesMessages } from './dashboard-invoices.ts';
import { dashboardPaymentMessages } from './dashboard-payment.ts';
import { dashboardSubscriptionsMessages } from './dashboard-subscriptions.ts';
import { dashboardDevelopersMessages } from './dashboard-developers.ts';
import { donateMessages } from './donate.ts';
import { developerAppsMessages } from './developer-apps.ts';
import { developerMessages } from './developer.ts';
import { genKeyPairMessages } from './gen-key-pair.ts';
import { integrationsDonationsMessages } from './integrations-donations.ts';
import { joinMessages } from './join.ts';
import { methodChangeMessages } from './method-change.ts';
import { paidAppsMessages } from './paid-apps.ts';
import { planChangeMessages } from './plan-change.ts';
import { refundMessages } from './refunds.ts';
import { stakeMessages } from './stakes.ts';
import { storeAnalyticsMessages } from './store-analytics.ts';
import { storeFrontMessages } from './store-front.ts';
import { testClocksMessages } from './test-clocks.ts';
import { uiDialogsMessages } from './ui-dialogs.ts';
import { uiListsMessages } from './ui-lists.ts';

/**
 * Every screen's own message group, by name: for the checks that each is complete in both languages
 * and that none rides in a page's first load. Not for the app: a screen imports its own group.
 */
export const screenMessageGroups = {
  appDonationMessages,
  appFeedbackMessages,
  bitcoinMessages,
  cardMessages,
  checkoutBitcoinMessages,
  checkoutCardMessages,
  consoleMessages,
  consoleCommentsMessages,
  dashboardMessages,
  dashboardCatalogMessages,
  dashboardLinksMessages,
  dashboardCustomersMessages,
  dashboardHomeMessages,
  dashboardInvoicesMessages,
  dashboardPaymentMessages,
  dashboardSubscriptionsMessages,
  dashboardDevelopersMessages,
  developerAppsMessages,
  donateMessages,
  developerMessages,
  genKeyPairMessages,
  integrationsDonationsMessages,
  joinMessages,
  methodChangeMessages,
  paidAppsMessages,
  planChangeMessages,
  refundMessages,
  stakeMessages,
  storeAnalyticsMessages,
  storeFrontMessages,
  testClocksMessages,
  uiDialogsMessages,
  uiListsMessages,
};
