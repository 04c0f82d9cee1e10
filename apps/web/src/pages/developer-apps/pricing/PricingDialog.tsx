import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { AppPricing, PricingCurrency } from '@kiosk/contracts';
import { FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
import {
  PRICING_INTERVALS,
  PRICING_TYPES,
  amountOf,
  pricingBody,
  pricingFormOf,
  type PricingForm,
} from './pricing-form.ts';
import { useSetPricing } from './use-pricing.ts';

export interface PricingDialogProps {
  did: string;
  title: string;
  pricing: AppPricing | undefined;
  currencies: PricingCurrency[];
  storeShareBps: number;
  onClose: () => void;
}

/**
 * An app's price (issue 24 item 1): free, paid once or by subscription, in any of the currencies the
 * store sells in. A new price applies to new buyers only, as the dialog says.
 */
export function PricingDialog({
  did,
  title,
  pricing,
  currencies,
  storeShareBps,
  onClose,
}: PricingDialogProps) {
  const { t } = useTranslation();
  const save = useSetPricing(did);

  return (
    <FormDialog<PricingForm>
      title={t('paidApps.pricing.title', { title })}
      description={t('paidApps.pricing.earlierBuyers')}
      defaultValues={pricingFormOf(pricing)}
      submitLabel={t('paidApps.pricing.save')}
      onSubmit={(values) => save.mutateAsync(pricingBody(values, currencies))}
      fieldOfPath={(path) => {
        const index = /^body\.prices\.(\d+)\./.exec(path)?.[1];
        const currency = index === undefined ? undefined : currencies[Number(index)];
        return currency ? `amounts.${currency.id}` : undefined;
      }}
      onClose={onClose}
    >
      {({ control, watch, getValues }) => {
        const type = watch('type');
        const paid = type !== 'free';
        return (
          <>
            <FormRadioGroup
              control={control}
              name="type"
              label={t('paidApps.pricing.type')}
              options={PRICING_TYPES.map((value) => ({ value, label: t(`paidApps.pricing.type.${value}`) }))}
            />
            {type === 'subscription' && (
              <FormRadioGroup
                control={control}
                name="interval"
                label={t('paidApps.pricing.interval')}
                row
                options={PRICING_INTERVALS.map((value) => ({
                  value,
                  label: t(`paidApps.pricing.interval.${value}`),
                }))}
              />
            )}
            {paid && currencies.length === 0 && (
              <Alert severity="warning">{t('paidApps.pricing.noCurrencies')}</Alert>
            )}
            {paid &&
              currencies.map((currency, index) => (
                <FormTextField
                  key={currency.id}
                  control={control}
                  name={`amounts.${currency.id}`}
                  label={t('paidApps.pricing.amount', { symbol: currency.symbol, method: currency.method })}
                  hint={t('paidApps.pricing.amountHint', { symbol: currency.symbol })}
                  fullWidth
                  rules={{
                    validate: (text: string | undefined) => {
                      if (text?.trim()) {
                        const amount = amountOf(text, currency);
                        return typeof amount === 'bigint' || t(amount.key, amount.values);
                      }
                      // The first field says that a paid app needs one price at least.
                      const typed = Object.values(getValues('amounts')).some((value) => value?.trim());
                      return typed || index > 0 || t('paidApps.pricing.needsOne');
                    },
                  }}
                  slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
                />
              ))}
            {paid && (
              <Typography variant="body2" color="text.secondary">
                {t('paidApps.pricing.share', { share: storeShareBps / 100 })}
              </Typography>
            )}
          </>
        );
      }}
    </FormDialog>
  );
}
