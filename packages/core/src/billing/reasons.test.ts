import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalogs.ts';
import { translate } from '../i18n/translate.ts';
import { INVOICE_STATUSES } from '../states/invoice.ts';
import { SUBSCRIPTION_STATUSES } from '../states/subscription.ts';
import {
  BILLING_REASONS,
  CANCELLATION_FEEDBACK,
  INVOICE_REASON_LABELS,
  INVOICE_STATUS_COLORS,
  SUBSCRIPTION_STATUS_COLORS,
  billingReasonLabelKey,
} from './reasons.ts';

describe('billing reasons', () => {
  it('are the fourteen of seed 000 §4', () => {
    expect(BILLING_REASONS).toHaveLength(14);
    expect(BILLING_REASONS).toContain('subscription_cycle');
    expect(BILLING_REASONS).toContain('stake_overdraft_protection');
  });
  it('each show a label in en and zh', () => {
    expect(translate('en', billingReasonLabelKey('subscription_cycle'))).toBe('Subscription renewal');
    expect(translate('zh', billingReasonLabelKey('subscription_create'))).toBe('创建订阅');
    for (const reason of BILLING_REASONS) {
      expect(catalogs.en[billingReasonLabelKey(reason)], reason).toBeDefined();
      expect(catalogs.zh[billingReasonLabelKey(reason)], reason).toBeDefined();
    }
  });
  it('label the twenty-two reason labels of seed 000 §3', () => {
    expect(INVOICE_REASON_LABELS).toHaveLength(22);
    for (const label of INVOICE_REASON_LABELS)
      expect(catalogs.zh[`billing.reason.${label}`], label).toBeDefined();
  });
});

describe('status colours', () => {
  it('are seed 000 §4’s for invoices', () => {
    expect(INVOICE_STATUS_COLORS).toEqual({
      paid: 'success',
      open: 'secondary',
      uncollectible: 'warning',
      draft: 'default',
      void: 'default',
    });
    expect(Object.keys(INVOICE_STATUS_COLORS).sort()).toEqual([...INVOICE_STATUSES].sort());
  });
  it('cover every subscription status', () => {
    expect(Object.keys(SUBSCRIPTION_STATUS_COLORS).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
    expect(SUBSCRIPTION_STATUS_COLORS.past_due).toBe('error');
  });
});

describe('cancellation feedback', () => {
  it('offers the eight values of seed 000 §3, each labelled in en and zh', () => {
    expect(CANCELLATION_FEEDBACK).toEqual([
      'too_expensive',
      'missing_features',
      'switched_service',
      'unused',
      'customer_service',
      'too_complex',
      'low_quality',
      'other',
    ]);
    for (const value of CANCELLATION_FEEDBACK) {
      expect(catalogs.en[`billing.feedback.${value}`], value).toBeDefined();
      expect(catalogs.zh[`billing.feedback.${value}`], value).toBeDefined();
    }
    expect(translate('zh', 'billing.feedback.too_expensive')).toBe('价格太贵');
  });
});

describe('subscription action texts (seed 000 §8)', () => {
  it('are there in both languages', () => {
    expect(translate('en', 'billing.resume.success')).toBe('Subscription resumed successfully');
    expect(translate('en', 'billing.changePlan.failed')).toBe('Failed to upgrade your subscription');
    expect(translate('en', 'billing.paymentMethod.accountChanged')).toBe(
      'Account changed, please pay manually',
    );
    expect(translate('zh', 'billing.cancel.atPeriodEnd', { date: '2025-04-01' })).toBe(
      '您的订阅将保持有效至 2025-04-01，之后结束',
    );
  });
});
