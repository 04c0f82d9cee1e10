import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Price, PriceFields, Product } from '@kiosk/contracts';
import { FormDialog, FormSelectField, FormTextField } from '@kiosk/react/ui';
import type { CurrencyChoice } from './currency-choices.ts';
import { emptyPrice, priceFieldsOf } from './price-form.ts';
import { PriceFormFields, type CatalogFormValues } from './PriceFormFields.tsx';
import type { NewProduct, ProductChange } from './use-products.ts';

/** What the dialog makes: a product with its first price, a product's new name, or another price. */
export type ProductDialogKind =
  | { kind: 'add'; onSave: (product: NewProduct) => Promise<Product> }
  | {
      kind: 'edit';
      product: Product;
      /** The prices it can offer beside itself (its own are left out). */
      crossSells: readonly { id: string; label: string }[];
      onSave: (change: ProductChange) => Promise<Product>;
    }
  | {
      kind: 'price';
      product: Product;
      /** The product's prices the new one may offer as an upgrade, named for the reader. */
      upsells: readonly { id: string; label: string }[];
      onSave: (price: PriceFields) => Promise<Price>;
    };

export type ProductDialogProps = ProductDialogKind & {
  currencies: readonly CurrencyChoice[];
  /** After it saved; by default the dialog closes. */
  onSaved?: (saved: Product | Price) => void;
  onClose: () => void;
};

const TEXTS = {
  add: { title: 'catalog.form.addTitle', submit: 'catalog.form.add', failed: 'catalog.form.failed' },
  edit: { title: 'catalog.form.editTitle', submit: 'catalog.form.save', failed: 'catalog.form.failed' },
  price: {
    title: 'catalog.priceForm.title',
    submit: 'catalog.priceForm.add',
    failed: 'catalog.priceForm.failed',
  },
} as const;

/** `body.name`, `body.prices.0.unit_amount`, `body.unit_amount`: the server's refusal on its field. */
function fieldOfPath(
  path: string,
): keyof CatalogFormValues | `price.${'currency_id' | 'amount'}` | undefined {
  if (path === 'body.name') return 'name';
  if (path === 'body.description') return 'description';
  if (path.startsWith('body.cross_sell')) return 'cross_sell';
  if (/^body\.(prices\.0\.)?currency_id$/.test(path)) return 'price.currency_id';
  if (/^body\.(prices\.0\.)?unit_amount$/.test(path)) return 'price.amount';
  return undefined;
}

/**
 * The catalog's one form: add a product with its first price, edit a product's name and description,
 * or add a price to a product. Prices are never edited: a buyer keeps the price they agreed to.
 */
export function ProductDialog(props: ProductDialogProps) {
  const { t } = useTranslation();
  const { kind, currencies, onSaved, onClose } = props;
  const product = props.kind === 'add' ? undefined : props.product;
  const currencyMap = new Map(currencies.map((currency) => [currency.id, currency]));
  const texts = TEXTS[kind];

  const submit = (values: CatalogFormValues) => {
    const name = values.name.trim();
    const description = values.description.trim() || null;
    switch (props.kind) {
      case 'add':
        return props.onSave({ name, description, prices: [priceFieldsOf(values.price, currencyMap)] });
      case 'edit':
        return props.onSave({
          name,
          description,
          cross_sell: values.cross_sell ? { cross_sells_to_id: values.cross_sell } : null,
        });
      case 'price':
        return props.onSave(priceFieldsOf(values.price, currencyMap));
    }
  };

  return (
    <FormDialog<CatalogFormValues, Product | Price>
      title={t(texts.title)}
      description={
        kind === 'price'
          ? t('catalog.priceForm.description', { name: product?.name ?? '' })
          : t('catalog.form.description')
      }
      fullScreenOnPhone
      defaultValues={{
        name: product?.name ?? '',
        description: product?.description ?? '',
        cross_sell: product?.cross_sell?.cross_sells_to_id ?? '',
        price: emptyPrice(currencies[0]?.id ?? ''),
      }}
      submitLabel={t(texts.submit)}
      errorTitle={t(texts.failed)}
      fieldOfPath={fieldOfPath}
      onSubmit={submit}
      onSuccess={onSaved}
      onClose={onClose}
    >
      {({ control, getValues }) => (
        <>
          {kind !== 'price' && (
            <>
              <FormTextField
                control={control}
                name="name"
                label={t('catalog.form.name')}
                rules={{ validate: (name) => name.trim() !== '' || t('catalog.form.nameRequired') }}
                required
                fullWidth
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 250 } }}
              />
              <FormTextField
                control={control}
                name="description"
                label={t('catalog.form.about')}
                hint={t('catalog.form.aboutHint')}
                fullWidth
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 5_000 } }}
              />
            </>
          )}
          {props.kind === 'edit' && (
            <FormSelectField
              control={control}
              name="cross_sell"
              label={t('catalog.form.crossSell')}
              hint={t('catalog.form.crossSellHint')}
              fullWidth
              options={props.crossSells.map((choice) => ({ value: choice.id, label: choice.label }))}
              none={t('catalog.form.noCrossSell')}
            />
          )}
          {kind === 'add' && (
            <>
              <Divider />
              <Typography component="h3" variant="subtitle1">
                {t('catalog.form.priceHeading')}
              </Typography>
            </>
          )}
          {kind !== 'edit' && (
            <PriceFormFields
              control={control}
              getValues={getValues}
              currencies={currencies}
              upsells={props.kind === 'price' ? props.upsells : []}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}
