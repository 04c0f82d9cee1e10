import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentCurrency, Refund, RefundRequestReason } from '@kiosk/contracts';
import { AmountFormatError, formatAmount, parseAmount, randomToken } from '@kiosk/core';
import { dashboardPaymentMessages } from '@kiosk/core/i18n/dashboard-payment';
import { useScreenMessages } from '@kiosk/react';
import { FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
import type { RefundRequest } from './use-payment.ts';

/** The reasons a merchant gives (Stripe's); the others are the server's own, for money it holds back. */
export const MERCHANT_REFUND_REASONS = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;

interface RefundValues {
  amount: string;
  reason: (typeof MERCHANT_REFUND_REASONS)[number];
}

export interface RefundDialogProps {
  chargeId: string;
  /** What is left to refund of the charge, in smallest units. */
  left: bigint;
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>;
  onRefund: (request: RefundRequest) => Promise<Refund>;
  onRefunded: (refund: Refund) => void;
  onClose: () => void;
}

/**
 * Refund part or all of a charge: the amount starts at all that is left, exact to the currency's
 * smallest unit (not rounded to its display precision, or the rest could never be refunded), and is
 * checked against what is left before it is sent. The dialog makes one Idempotency-Key when it opens:
 * sending it again, after a lost answer say, refunds once. A refusal (a method that cannot refund
 * by itself) is said in the dialog, in the server's words in the reader's language.
 */
export function RefundDialog({ chargeId, left, currency, onRefund, onRefunded, onClose }: RefundDialogProps) {
  const { t } = useTranslation();
  useScreenMessages(dashboardPaymentMessages);
  const [idempotencyKey] = useState(() => randomToken());
  const { decimal, symbol } = currency;
  const exact = (amount: bigint) =>
    formatAmount(amount, decimal, { precision: decimal, thousandSeparator: '' });
  const shown = (amount: bigint) =>
    `${formatAmount(amount, decimal, { precision: currency.maximum_precision })} ${symbol}`;

  const amountOf = (text: string): bigint | string => {
    let amount: bigint;
    try {
      amount = parseAmount(text, decimal, { thousandSeparator: '' });
    } catch (error) {
      return error instanceof AmountFormatError && error.reason === 'precision'
        ? t('dashboard.refund.precision', { decimals: decimal })
        : t('dashboard.refund.invalid');
    }
    if (amount <= 0n) return t('dashboard.refund.zero');
    if (amount > left) return t('dashboard.refund.tooMuch', { amount: shown(left) });
    return amount;
  };

  return (
    <FormDialog<RefundValues, Refund>
      title={t('dashboard.refund.title')}
      description={t('dashboard.refund.description', { amount: shown(left) })}
      size="xs"
      fullScreenOnPhone
      defaultValues={{ amount: exact(left), reason: 'requested_by_customer' }}
      submitLabel={t('dashboard.refund.submit')}
      busyLabel={t('dashboard.refund.busy')}
      tone="warning"
      errorTitle={t('dashboard.refund.failed')}
      onSubmit={({ amount, reason }) =>
        onRefund({
          chargeId,
          amount: amountOf(amount) as bigint,
          reason: reason satisfies RefundRequestReason,
          idempotencyKey,
        })
      }
      onSuccess={onRefunded}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="amount"
            label={t('dashboard.refund.amount', { symbol })}
            hint={t('dashboard.refund.amountHint', { decimals: decimal })}
            rules={{
              validate: (text) => {
                const checked = amountOf(text);
                return typeof checked === 'bigint' || checked;
              },
            }}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormRadioGroup
            control={control}
            name="reason"
            label={t('dashboard.refund.reason')}
            options={MERCHANT_REFUND_REASONS.map((reason) => ({
              value: reason,
              label: t(`dashboard.refund.reason.${reason}`),
            }))}
          />
        </>
      )}
    </FormDialog>
  );
}
