import { useTranslation } from 'react-i18next';
import type { Price } from '@kiosk/contracts';
import { FormDialog, FormSelectField, FormTextField } from '@kiosk/react/ui';
import { editValuesOf, priceChangeOf, type PriceEditValues } from './price-edit-form.ts';
import { LimitFields } from './PriceFormFields.tsx';
import type { PriceChange } from './use-products.ts';

export interface EditPriceDialogProps {
  price: Price;
  /** How the price reads ("10 USD per month"), said above the fields. */
  name: string;
  /** What it may offer as an upgrade (upsellChoices); none: no upgrade field. */
  upsells: readonly { id: string; label: string }[];
  onSave: (change: PriceChange) => Promise<unknown>;
  onClose: () => void;
}

/** `body.upsell.upsells_to_id`, `body.quantity_available`: the server's refusal on its field. */
function fieldOfPath(path: string): keyof PriceEditValues | undefined {
  if (path.startsWith('body.upsell')) return 'upsell';
  if (path === 'body.quantity_available') return 'stock';
  if (path === 'body.quantity_limit_per_checkout') return 'per_checkout';
  if (path === 'body.nickname') return 'nickname';
  return undefined;
}

/**
 * Edit what may change on a price: its nickname, stock, per-checkout limit and upgrade offer. Never
 * its amount or currency (a buyer keeps the price they agreed to), which the dialog says.
 */
export function EditPriceDialog({ price, name, upsells, onSave, onClose }: EditPriceDialogProps) {
  const { t } = useTranslation();

  const submit = async (values: PriceEditValues) => {
    const change = priceChangeOf(price, values);
    // An untouched dialog has nothing to send: it just closes.
    if (Object.keys(change).length > 0) await onSave(change);
  };

  return (
    <FormDialog<PriceEditValues>
      title={t('catalog.priceEdit.title')}
      description={t('catalog.priceEdit.description', { price: name })}
      fullScreenOnPhone
      defaultValues={editValuesOf(price)}
      submitLabel={t('catalog.form.save')}
      errorTitle={t('catalog.priceEdit.failed')}
      fieldOfPath={fieldOfPath}
      onSubmit={submit}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="nickname"
            label={t('catalog.price.nickname')}
            hint={t('catalog.priceForm.nicknameHint')}
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <LimitFields
            control={control}
            stock="stock"
            perCheckout="per_checkout"
            stockHint={t('catalog.priceEdit.stockHint', { sold: price.quantity_sold })}
          />
          {upsells.length > 0 && (
            <FormSelectField
              control={control}
              name="upsell"
              label={t('catalog.priceEdit.upsell')}
              hint={t('catalog.priceForm.upsellHint')}
              fullWidth
              options={upsells.map((choice) => ({ value: choice.id, label: choice.label }))}
              none={t('catalog.priceEdit.noUpsell')}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
