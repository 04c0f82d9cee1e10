import type { MigrationSet } from '@kiosk/db';
import { createPaymentsTables } from './20261122_20_payments.ts';
import { addCheckoutStartKey } from './20261122_21_payments_checkout_start_key.ts';
import { createCharges } from './20261123_20_payments_charges.ts';
import { createSubscriptions } from './20261125_20_payments_subscriptions.ts';
import { indexInvoicesByIntent } from './20261126_10_payments_invoice_intent.ts';
import { addPendingInvoiceItems } from './20261126_20_payments_plan_change.ts';
import { indexInvoicesByNextAttempt } from './20261127_10_payments_invoice_next_attempt.ts';
import { createRefunds } from './20261128_10_payments_refunds.ts';
import { createBitcoinAddresses } from './20261128_30_payments_bitcoin_addresses.ts';
import { addInvoiceBuyer } from './20261128_50_payments_invoice_buyer.ts';
import { addRefundTransfer } from './20261129_20_payments_refund_transfer.ts';
import { createTestClocks } from './20261130_10_payments_test_clocks.ts';
import { addDonationTarget } from './20261201_10_payments_donation_target.ts';
import { createSettings } from './20261202_10_payments_settings.ts';
import { addChargeUndone } from './20261203_10_payments_charge_undone.ts';
import { addBitcoinReorgWatch } from './20261203_20_payments_bitcoin_reorgs.ts';
import { addSubscriptionStake } from './20261205_10_payments_subscription_stake.ts';

/**
 * Kiosk Pay's migrations, one file each, named as they are recorded in the database. Migrations are
 * history: a file is never edited once released; a change of schema is a new file, added here.
 */
export const paymentsMigrations: MigrationSet = {
  '20261122_20_payments': createPaymentsTables,
  '20261122_21_payments_checkout_start_key': addCheckoutStartKey,
  '20261123_20_payments_charges': createCharges,
  '20261125_20_payments_subscriptions': createSubscriptions,
  '20261126_10_payments_invoice_intent': indexInvoicesByIntent,
  '20261126_20_payments_plan_change': addPendingInvoiceItems,
  '20261127_10_payments_invoice_next_attempt': indexInvoicesByNextAttempt,
  '20261128_10_payments_refunds': createRefunds,
  '20261128_30_payments_bitcoin_addresses': createBitcoinAddresses,
  '20261128_50_payments_invoice_buyer': addInvoiceBuyer,
  '20261129_20_payments_refund_transfer': addRefundTransfer,
  '20261130_10_payments_test_clocks': createTestClocks,
  '20261201_10_payments_donation_target': addDonationTarget,
  '20261202_10_payments_settings': createSettings,
  '20261203_10_payments_charge_undone': addChargeUndone,
  '20261203_20_payments_bitcoin_reorgs': addBitcoinReorgWatch,
  '20261205_10_payments_subscription_stake': addSubscriptionStake,
};
