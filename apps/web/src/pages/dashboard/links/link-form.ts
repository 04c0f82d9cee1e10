import type { PaymentLinkInput } from '@kiosk/contracts';

/** What POST /api/payment-links takes, as the dashboard sends it. */
export type NewPaymentLink = PaymentLinkInput;

export const SUBMIT_TYPES = ['auto', 'pay', 'book', 'donate'] as const;

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
  };
}

/** A whole number typed in [min, max], or false. */
export function wholeNumberIn(text: string, min: number, max: number): number | false {
  if (!/^\d+$/.test(text.trim())) return false;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : false;
}

/** An https:// address (http:// on this machine only, for trying it out). */
export function isRedirectUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
  } catch {
    return false;
  }
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
  };
}
