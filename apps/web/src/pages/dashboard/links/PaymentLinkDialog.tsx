import { useState } from 'react';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentLink } from '@kiosk/contracts';
import {
  FormCheckbox,
  FormDialog,
  FormRows,
  FormSelectField,
  FormTextField,
  FormWebAddressField,
} from '@kiosk/react/ui';
import type { PriceChoice } from '../products/use-products.ts';
import {
  emptyLink,
  paymentLinkOf,
  SUBMIT_TYPES,
  wholeNumberIn,
  type LinkFormValues,
  type NewPaymentLink,
} from './link-form.ts';
import { LinkDonation } from './LinkDonation.tsx';
import { LinkPageInfo } from './LinkPageInfo.tsx';
import { LinkShare } from './LinkShare.tsx';

export interface PaymentLinkDialogProps {
  /** The prices it can sell, each named by its product ("Team plan · 10 USD per month"). */
  choices: readonly { value: PriceChoice; label: string }[];
  onCreate: (link: NewPaymentLink) => Promise<PaymentLink>;
  onClose: () => void;
}

/** `body.line_items.0.price_id` → the first item's price field; `body.name` → name. */
function fieldOfPath(path: string) {
  const item = /^body\.line_items\.(\d+)\.(price_id|quantity)$/.exec(path);
  if (item) return `items.${Number(item[1])}.${item[2] as 'price_id' | 'quantity'}` as const;
  // A donation link's price is refused as a whole (`validation.donationNeedsCustomAmount`): the first
  // price is the one to change, or the one to keep.
  if (path === 'body.line_items') return 'items.0.price_id' as const;
  if (path.startsWith('body.subscription_data')) return 'trial_days' as const;
  if (path.startsWith('body.after_completion')) return 'redirect_url' as const;
  if (path.startsWith('body.donation_settings.')) return donationFieldOf(path);
  return path === 'body.name' ? ('name' as const) : undefined;
}

/**
 * `body.donation_settings.target` → donation_target; `….beneficiaries.0.address` → that row's field,
 * and a row refused as a whole on its percent. The list's own refusal (its percents over 100) has no
 * one field: the dialog's alert says it.
 */
function donationFieldOf(path: string) {
  const text = /^body\.donation_settings\.(target|title|description|reference)$/.exec(path);
  if (text) return `donation_${text[1] as 'target' | 'title' | 'description' | 'reference'}` as const;
  const row = /^body\.donation_settings\.beneficiaries\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!row) return undefined;
  const field = row[2] === 'name' || row[2] === 'address' ? row[2] : 'percent';
  return `beneficiaries.${Number(row[1])}.${field}` as const;
}

/**
 * Make a payment link: the prices it sells and their quantities, and (under More options) a trial,
 * what the buyer is asked, the pay button's word and what follows payment. Once made, the same dialog
 * shows the link to copy, open or scan.
 */
export function PaymentLinkDialog({ choices, onCreate, onClose }: PaymentLinkDialogProps) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  const recurring = new Set(choices.filter((c) => c.value.price.recurring).map((c) => c.value.price.id));

  return (
    <FormDialog<LinkFormValues, PaymentLink>
      title={t('catalog.linkForm.title')}
      description={t('catalog.linkForm.description')}
      fullScreenOnPhone
      defaultValues={emptyLink(choices[0]?.value.price.id)}
      submitLabel={t('catalog.linkForm.create')}
      errorTitle={t('catalog.linkForm.failed')}
      fieldOfPath={fieldOfPath}
      onSubmit={(values) => onCreate(paymentLinkOf(values))}
      result={{
        title: t('catalog.linkForm.createdTitle'),
        doneLabel: t('catalog.linkForm.done'),
        render: (link) => (
          <Stack spacing={2}>
            <Typography>{t('catalog.linkForm.createdText')}</Typography>
            <LinkShare url={link.url} />
          </Stack>
        ),
      }}
      onClose={onClose}
    >
      {({ control }) =>
        choices.length === 0 ? (
          <Typography color="error">{t('catalog.linkForm.noPrices')}</Typography>
        ) : (
          <>
            <FormTextField
              control={control}
              name="name"
              label={t('catalog.linkForm.name')}
              hint={t('catalog.linkForm.nameHint')}
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <LinkItems control={control} choices={choices} />
            <TrialField control={control} recurring={recurring} />
            <Button
              size="small"
              aria-expanded={more}
              onClick={() => setMore(!more)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t(more ? 'catalog.linkForm.fewer' : 'catalog.linkForm.more')}
            </Button>
            {more && <MoreOptions control={control} />}
          </>
        )
      }
    </FormDialog>
  );
}

/** The prices sold, each with its quantity; at least one, at most twenty (the API's bounds). */
function LinkItems({
  control,
  choices,
}: {
  control: Control<LinkFormValues>;
  choices: PaymentLinkDialogProps['choices'];
}) {
  const { t } = useTranslation();
  const items = useFieldArray({ control, name: 'items' });
  return (
    <Stack spacing={2}>
      <FormRows
        rows={items.fields.map((item, index) => ({
          key: item.id,
          label: t('catalog.linkForm.item', { number: index + 1 }),
          removeLabel:
            items.fields.length > 1 ? t('catalog.linkForm.removeItem', { number: index + 1 }) : undefined,
          fields: (
            <>
              <FormSelectField
                control={control}
                name={`items.${index}.price_id`}
                label={t('catalog.linkForm.price')}
                rules={{ validate: (id) => id !== '' || t('catalog.linkForm.priceRequired') }}
                sx={{ flex: 3 }}
                options={choices.map((choice) => ({ value: choice.value.price.id, label: choice.label }))}
              />
              <FormTextField
                control={control}
                name={`items.${index}.quantity`}
                label={t('catalog.linkForm.quantity')}
                rules={{
                  validate: (text) =>
                    wholeNumberIn(text, 1, 10_000) !== false || t('catalog.linkForm.quantityHint'),
                }}
                sx={{ flex: 1, minWidth: 80 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </>
          ),
        }))}
        onRemove={items.remove}
        addLabel={t('catalog.linkForm.addItem')}
        onAdd={
          items.fields.length < 20
            ? () => items.append({ price_id: choices[0]!.value.price.id, quantity: '1' })
            : undefined
        }
      />
    </Stack>
  );
}

/** A free trial, offered only when the link sells a recurring price. */
function TrialField({ control, recurring }: { control: Control<LinkFormValues>; recurring: Set<string> }) {
  const { t } = useTranslation();
  const items = useWatch({ control, name: 'items' });
  if (!items.some((item) => recurring.has(item.price_id))) return null;
  return (
    <FormTextField
      control={control}
      name="trial_days"
      label={t('catalog.linkForm.trialDays')}
      hint={t('catalog.linkForm.trialHint')}
      rules={{
        validate: (text) =>
          text.trim() === '' || wholeNumberIn(text, 0, 730) !== false || t('catalog.linkForm.trialInvalid'),
      }}
      sx={{ maxWidth: 240 }}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/**
 * What the buyer is asked and told, the pay button's word, a donation link's settings, and what
 * follows payment. A donation link's button says Donate, so it offers no other word.
 */
function MoreOptions({ control }: { control: Control<LinkFormValues> }) {
  const { t } = useTranslation();
  const donation = useWatch({ control, name: 'donation' });
  return (
    <Stack spacing={2}>
      <FormCheckbox control={control} name="phone" label={t('catalog.linkForm.phone')} />
      <FormCheckbox control={control} name="address_required" label={t('catalog.linkForm.address')} />
      <FormCheckbox
        control={control}
        name="cross_sell_required"
        label={t('catalog.linkForm.crossSellRequired')}
        hint={t('catalog.linkForm.crossSellHint')}
      />
      <LinkDonation control={control} />
      {!donation && (
        <FormSelectField
          control={control}
          name="submit_type"
          label={t('catalog.linkForm.submitType')}
          sx={{ maxWidth: 320 }}
          options={SUBMIT_TYPES.map((type) => ({
            value: type,
            label: t(`catalog.linkForm.submitType.${type}`),
          }))}
        />
      )}
      <FormTextField
        control={control}
        name="message"
        label={t('catalog.linkForm.message')}
        hint={t('catalog.linkForm.messageHint')}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1_000 } }}
      />
      <FormWebAddressField
        control={control}
        name="redirect_url"
        label={t('catalog.linkForm.redirect')}
        hint={t('catalog.linkForm.redirectHint')}
      />
      <LinkPageInfo control={control} />
    </Stack>
  );
}
