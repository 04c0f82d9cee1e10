import type { PaymentLinkInput } from '@kiosk/contracts';

/** What POST /api/payment-links takes, as the dashboard sends it. */
export type NewPaymentLink = PaymentLinkInput;

export const SUBMIT_TYPES = ['auto', 'pay', 'book', 'donate'] as const;

/** The buyer's fields a merchant may give a pattern (seed 000 §3 `page_info.field_validation`). */
export const RULE_FIELDS = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'billing_address.postal_code',
  'billing_address.city',
  'billing_address.line1',
] as const;

/** A pattern the buyer's value must match, and what the buyer is told otherwise, in each language. */
export interface FieldRule {
  field: (typeof RULE_FIELDS)[number];
  pattern: string;
  message_en: string;
  message_zh: string;
}

/**
 * Someone else a donation supports, and their percent of each donation as typed. The API also takes a
 * fixed amount in the currency's smallest unit; the dashboard offers percents only, which need no
 * currency to read, and leaves amounts to the API.
 */
export interface BeneficiaryRow {
  name: string;
  address: string;
  percent: string;
}

/** The API's most beneficiaries on one link. */
export const MAX_BENEFICIARIES = 20;

/** A payment link as its form holds it: numbers as typed. */
export interface LinkFormValues {
  name: string;
  items: { price_id: string; quantity: string }[];
  cross_sell_required: boolean;
  trial_days: string;
  phone: boolean;
  address_required: boolean;
  submit_type: (typeof SUBMIT_TYPES)[number];
  message: string;
  redirect_url: string;
  /** Why the form asks for the buyer's details, shown above it, in each language. */
  purpose_en: string;
  purpose_zh: string;
  rules: FieldRule[];
  /** A donation link (docs/donations.md): the fields below are sent only while it is on. */
  donation: boolean;
  donation_target: string;
  donation_title: string;
  donation_description: string;
  donation_reference: string;
  beneficiaries: BeneficiaryRow[];
}

export function emptyLink(priceId = ''): LinkFormValues {
  return {
    name: '',
    items: [{ price_id: priceId, quantity: '1' }],
    cross_sell_required: false,
    trial_days: '',
    phone: false,
    address_required: false,
    submit_type: 'auto',
    message: '',
    redirect_url: '',
    purpose_en: '',
    purpose_zh: '',
    rules: [],
    donation: false,
    donation_target: '',
    donation_title: '',
    donation_description: '',
    donation_reference: '',
    beneficiaries: [],
  };
}

/** A rule for a field not given one yet (the first of RULE_FIELDS free, or the first). */
export function newRule(rules: readonly FieldRule[]): FieldRule {
  const taken = new Set(rules.map((rule) => rule.field));
  const field = RULE_FIELDS.find((name) => !taken.has(name)) ?? RULE_FIELDS[0];
  return { field, pattern: '', message_en: '', message_zh: '' };
}

/** A pattern the checkout can use: it compiles, and fits the API's 500 characters. */
export function isPattern(text: string): boolean {
  if (text.trim() === '' || text.length > 500) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** A whole number typed in [min, max], or false. */
export function wholeNumberIn(text: string, min: number, max: number): number | false {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : false;
}

/** A beneficiary's percent as the API takes it: more than 0, up to 100, in hundredths. */
export function isPercent(text: string): boolean {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return false;
  const value = Number(text.trim());
  return value > 0 && value <= 100;
}

/**
 * Whether the percents leave the merchant something or nothing, never less: summed in hundredths, as
 * the server does, so 33.33 three times is not refused for a float's error. Percents not valid yet
 * count as 0 (their own field says what is wrong).
 */
export function percentsFit(rows: readonly Pick<BeneficiaryRow, 'percent'>[]): boolean {
  const hundredths = rows
    .filter((row) => isPercent(row.percent))
    .reduce((sum, row) => sum + Math.round(Number(row.percent.trim()) * 100), 0);
  return hundredths <= 10_000;
}

/**
 * The API's payment link from valid form values (the form's rules ran first). Only what differs from
 * the API's defaults is sent; a redirect wins over a confirmation message.
 */
export function paymentLinkOf(values: LinkFormValues): NewPaymentLink {
  const trial = values.trial_days.trim() === '' ? false : wholeNumberIn(values.trial_days, 0, 730);
  const message = values.message.trim();
  const redirect = values.redirect_url.trim();
  return {
    name: values.name.trim() || null,
    line_items: values.items.map((item) => ({
      price_id: item.price_id,
      quantity: Number(item.quantity.trim()),
    })),
    cross_sell_behavior: values.cross_sell_required ? 'required' : 'auto',
    subscription_data: trial === false ? {} : { trial_period_days: trial },
    phone_number_collection: { enabled: values.phone },
    billing_address_collection: values.address_required ? 'required' : 'auto',
    submit_type: values.submit_type,
    after_completion: redirect
      ? { type: 'redirect', redirect: { url: redirect } }
      : {
          type: 'hosted_confirmation',
          ...(message ? { hosted_confirmation: { custom_message: message } } : {}),
        },
    ...pageInfoOf(values),
    ...donationOf(values),
  };
}

/**
 * A donation link's settings, with the submit type the server gives such a link anyway (sending it
 * keeps the form's other choice from being refused). Empty texts are left out rather than sent as '':
 * the API refuses an empty target or reference, and an empty title would read as one.
 */
function donationOf(
  values: LinkFormValues,
): Partial<Pick<NewPaymentLink, 'donation_settings' | 'submit_type'>> {
  if (!values.donation) return {};
  const texts = Object.entries({
    target: values.donation_target.trim(),
    title: values.donation_title.trim(),
    description: values.donation_description.trim(),
    reference: values.donation_reference.trim(),
  }).filter(([, text]) => text !== '');
  return {
    submit_type: 'donate',
    donation_settings: {
      ...Object.fromEntries(texts),
      beneficiaries: values.beneficiaries.map((row) => ({
        name: row.name.trim(),
        address: row.address.trim(),
        percent: Number(row.percent.trim()),
      })),
    },
  };
}

/** The checkout's page_info (field patterns, the form's purpose), in metadata when there is any. */
function pageInfoOf(values: LinkFormValues): Pick<NewPaymentLink, 'metadata'> {
  const rules = values.rules.map((rule) => {
    const messages = { en: rule.message_en.trim(), zh: rule.message_zh.trim() };
    const given = Object.entries(messages).filter(([, text]) => text !== '');
    return [
      rule.field,
      { pattern: rule.pattern, ...(given.length ? { pattern_message: Object.fromEntries(given) } : {}) },
    ] as const;
  });
  const purpose = Object.entries({ en: values.purpose_en.trim(), zh: values.purpose_zh.trim() }).filter(
    ([, text]) => text !== '',
  );
  if (rules.length === 0 && purpose.length === 0) return {};
  return {
    metadata: {
      page_info: {
        ...(rules.length ? { field_validation: Object.fromEntries(rules) } : {}),
        ...(purpose.length ? { form_purpose_description: Object.fromEntries(purpose) } : {}),
      },
    },
  };
}
