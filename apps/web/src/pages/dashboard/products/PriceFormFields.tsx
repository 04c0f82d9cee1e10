import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormGetValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormRadioGroup, FormRows, FormSelectField, FormTextField } from '@kiosk/react/ui';
import type { CurrencyChoice } from './currency-choices.ts';
import { checkAmount, INTERVALS, isLimit, type PriceFormValues } from './price-form.ts';

/** The catalog dialog's values: a product's name and description, and the price being made. */
export interface CatalogFormValues {
  name: string;
  description: string;
  /** The price offered beside the product at checkout; '' for none. */
  cross_sell: string;
  price: PriceFormValues;
}

/** The validate rule of an amount field in the currency `currencyOf` names when it runs. */
type AmountRule = (
  currencyOf: () => CurrencyChoice | undefined,
  options?: { required?: boolean; positive?: boolean },
) => (text: string) => true | string;

interface PriceFormFieldsProps {
  control: Control<CatalogFormValues>;
  getValues: UseFormGetValues<CatalogFormValues>;
  currencies: readonly CurrencyChoice[];
  /** The product's other prices this one may offer as an upgrade; none on a new product. */
  upsells?: readonly { id: string; label: string }[];
}

/**
 * A price's fields: its currency, one time or every so often, and a fixed amount (in more currencies
 * if the merchant likes) or one the customer chooses between bounds. Amounts are checked as the server
 * will take them, exact to the currency's smallest unit.
 */
export function PriceFormFields({ control, getValues, currencies, upsells = [] }: PriceFormFieldsProps) {
  const { t } = useTranslation();
  const [billing, model, currencyId] = useWatch({
    control,
    name: ['price.billing', 'price.model', 'price.currency_id'],
  });
  const byId = new Map(currencies.map((currency) => [currency.id, currency]));
  const symbolOf = (id: string) => byId.get(id)?.symbol ?? '';
  const currency = byId.get(currencyId);

  const amountRule: AmountRule =
    (currencyOf, { required = false, positive = false } = {}) =>
    (text) => {
      const of = currencyOf();
      if (!of || (!required && text.trim() === '')) return true;
      const checked = checkAmount(text, of, { positive });
      if ('units' in checked) return true;
      return t(`catalog.priceForm.${checked.problem}`, {
        decimals: 'decimals' in checked ? checked.decimals : 0,
      });
    };
  const amountHint = currency
    ? t('catalog.priceForm.amountHint', { decimals: Math.min(currency.decimal, currency.maximum_precision) })
    : undefined;

  if (currencies.length === 0)
    return <Typography color="error">{t('catalog.priceForm.noCurrency')}</Typography>;

  return (
    <Stack spacing={2.5}>
      <FormSelectField
        control={control}
        name="price.currency_id"
        label={t('catalog.priceForm.currency')}
        fullWidth
        options={currencyOptions(currencies)}
      />
      <FormRadioGroup
        control={control}
        name="price.billing"
        label={t('catalog.priceForm.billing')}
        row
        options={[
          { value: 'one_time', label: t('catalog.priceForm.oneTime') },
          { value: 'recurring', label: t('catalog.priceForm.recurring') },
        ]}
      />
      {billing === 'recurring' && <RecurringFields control={control} />}
      <FormRadioGroup
        control={control}
        name="price.model"
        label={t('catalog.priceForm.model')}
        options={[
          { value: 'fixed', label: t('catalog.priceForm.fixed') },
          { value: 'customer_chooses', label: t('catalog.priceForm.customerChooses') },
        ]}
      />
      {model === 'fixed' ? (
        <>
          <FormTextField
            control={control}
            name="price.amount"
            label={t('catalog.priceForm.amount', { symbol: symbolOf(currencyId) })}
            hint={amountHint}
            rules={{ validate: amountRule(() => currency, { required: true, positive: true }) }}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <OtherCurrencies
            control={control}
            getValues={getValues}
            currencies={currencies}
            amountRule={amountRule}
          />
        </>
      ) : (
        <CustomAmountFields
          control={control}
          getValues={getValues}
          currency={currency}
          amountRule={amountRule}
        />
      )}
      <LimitFields
        control={control}
        stock="price.stock"
        perCheckout="price.per_checkout"
        stockHint={t('catalog.priceForm.stockHint')}
      />
      {upsells.length > 0 && (
        <FormSelectField
          control={control}
          name="price.upsell"
          label={t('catalog.priceForm.upsell')}
          hint={t('catalog.priceForm.upsellHint')}
          fullWidth
          options={upsells.map((choice) => ({ value: choice.id, label: choice.label }))}
          none={t('catalog.form.noCrossSell')}
        />
      )}
      <FormTextField
        control={control}
        name="price.nickname"
        label={t('catalog.price.nickname')}
        hint={t('catalog.priceForm.nicknameHint')}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </Stack>
  );
}

interface PartProps extends Omit<PriceFormFieldsProps, 'currencies'> {
  amountRule: AmountRule;
}

/** The same fixed price in more currencies: a row each, every currency at most once. */
function OtherCurrencies({
  control,
  getValues,
  currencies,
  amountRule,
}: PartProps & { currencies: readonly CurrencyChoice[] }) {
  const { t } = useTranslation();
  const options = useFieldArray({ control, name: 'price.options' });
  const currencyId = useWatch({ control, name: 'price.currency_id' });
  const byId = new Map(currencies.map((currency) => [currency.id, currency]));
  const symbolOf = (id: string) => byId.get(id)?.symbol ?? '';
  return (
    <Stack spacing={1.5} role="group" aria-label={t('catalog.priceForm.otherCurrencies')}>
      {options.fields.length > 0 && (
        <Typography variant="subtitle2">{t('catalog.priceForm.otherCurrencies')}</Typography>
      )}
      <FormRows
        rows={options.fields.map((option, index) => {
          const symbol = symbolOf(getValues(`price.options.${index}.currency_id`));
          return {
            key: option.id,
            removeLabel: t('catalog.priceForm.removeCurrency', { symbol }),
            fields: (
              <>
                <FormSelectField
                  control={control}
                  name={`price.options.${index}.currency_id`}
                  label={t('catalog.priceForm.currency')}
                  rules={{
                    validate: (id) => {
                      const price = getValues('price');
                      const used = [price.currency_id, ...price.options.map((o) => o.currency_id)];
                      return (
                        used.filter((other) => other === id).length === 1 ||
                        t('catalog.priceForm.sameCurrency')
                      );
                    },
                  }}
                  sx={{ flex: 1 }}
                  options={currencyOptions(currencies)}
                />
                <FormTextField
                  control={control}
                  name={`price.options.${index}.amount`}
                  label={t('catalog.priceForm.amount', { symbol })}
                  rules={{
                    validate: amountRule(() => byId.get(getValues(`price.options.${index}.currency_id`)), {
                      required: true,
                      positive: true,
                    }),
                  }}
                  required
                  sx={{ flex: 1 }}
                  autoComplete="off"
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </>
            ),
          };
        })}
        onRemove={options.remove}
        addLabel={t('catalog.priceForm.addCurrency')}
        onAdd={
          currencies.length > options.fields.length + 1
            ? () => {
                const used = new Set([currencyId, ...getValues('price.options').map((o) => o.currency_id)]);
                const next = currencies.find((choice) => !used.has(choice.id)) ?? currencies[0]!;
                options.append({ currency_id: next.id, amount: '' });
              }
            : undefined
        }
      />
    </Stack>
  );
}

/** Pay what you want: the bounds of what the buyer may type, and what the field starts at. */
function CustomAmountFields({
  control,
  getValues,
  currency,
  amountRule,
}: PartProps & { currency: CurrencyChoice | undefined }) {
  const { t } = useTranslation();
  const symbol = currency?.symbol ?? '';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name="price.minimum"
        label={t('catalog.priceForm.minimum', { symbol: symbol })}
        hint={t('catalog.priceForm.optional')}
        rules={{ validate: amountRule(() => currency) }}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormTextField
        control={control}
        name="price.suggested"
        label={t('catalog.priceForm.suggested', { symbol: symbol })}
        hint={t('catalog.priceForm.optional')}
        rules={{ validate: amountRule(() => currency) }}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormTextField
        control={control}
        name="price.maximum"
        label={t('catalog.priceForm.maximum', { symbol: symbol })}
        hint={t('catalog.priceForm.optional')}
        rules={{
          validate: (text) => {
            const valid = amountRule(() => currency)(text);
            if (valid !== true || !currency || !text.trim()) return valid;
            const minimum = checkAmount(getValues('price.minimum'), currency);
            const maximum = checkAmount(text, currency);
            return (
              !('units' in minimum) ||
              !('units' in maximum) ||
              maximum.units >= minimum.units ||
              t('catalog.priceForm.maxBelowMin')
            );
          },
        }}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </Stack>
  );
}

/** How often a recurring price bills: every N days, weeks, months or years. */
function RecurringFields({ control }: { control: Control<CatalogFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={2}>
      <FormTextField
        control={control}
        name="price.interval_count"
        label={t('catalog.priceForm.every')}
        hint={t('catalog.priceForm.count')}
        rules={{
          validate: (text) =>
            (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 1_000) ||
            t('catalog.priceForm.count'),
        }}
        sx={{ width: 140 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormSelectField
        control={control}
        name="price.interval"
        label={t('catalog.priceForm.interval')}
        sx={{ flex: 1 }}
        options={INTERVALS.map((interval) => ({
          value: interval,
          label: t(`catalog.priceForm.interval.${interval}`),
        }))}
      />
    </Stack>
  );
}

/** Seed 000 §5: how many can be sold in all (stock), and in one checkout; blank for no limit. */
/**
 * Stock and the per-checkout limit as typed (blank for none), for the new price's form and a price's
 * Edit alike, each naming its own fields.
 */
export function LimitFields<Values extends FieldValues>({
  control,
  stock,
  perCheckout,
  stockHint,
}: {
  control: Control<Values>;
  stock: FieldPath<Values>;
  perCheckout: FieldPath<Values>;
  stockHint: string;
}) {
  const { t } = useTranslation();
  const rule = { validate: (text: unknown) => isLimit(String(text)) || t('catalog.priceForm.limitInvalid') };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name={stock}
        label={t('catalog.priceForm.stock')}
        hint={stockHint}
        rules={rule}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name={perCheckout}
        label={t('catalog.priceForm.perCheckout')}
        hint={t('catalog.priceForm.perCheckoutHint')}
        rules={rule}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Stack>
  );
}

const currencyOptions = (currencies: readonly CurrencyChoice[]) =>
  currencies.map((choice) => ({ value: choice.id, label: choice.label }));
