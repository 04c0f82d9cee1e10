import type { PaymentMethod } from '@kiosk/contracts';
import type { CustomerFormValues, FormShape } from '../payment/customer-form.ts';

/** A card method's public settings: the processor's publishable key, and where its script is served when not from the processor (the local emulator of tests and the demo). */
export interface CardSettings {
  publishableKey: string;
  jsUrl?: string;
}

export function cardSettingsOf(
  method: Pick<PaymentMethod, 'settings'> | undefined,
): CardSettings | undefined {
  const { publishable_key: publishableKey, js_url: jsUrl } = method?.settings ?? {};
  if (typeof publishableKey !== 'string' || !publishableKey) return undefined;
  return typeof jsUrl === 'string' && jsUrl ? { publishableKey, jsUrl } : { publishableKey };
}

type Asked = 'auto' | 'never';

/** The Payment Element's `fields.billingDetails.address`: what of the address the card form asks. */
export type CardAddressFields =
  'never' | { country: Asked; postalCode: Asked; line1: Asked; line2: Asked; city: Asked; state: Asked };

/** What the card's billing details say that the card form does not ask (confirmPayment's `billing_details`). */
export interface CardBillingDetails {
  name: string;
  email: string;
  address?: Partial<Record<'country' | 'postal_code' | 'line1' | 'line2' | 'city' | 'state', string>>;
}

/**
 * Seed 000 §5: a session that collects the billing address has it from its own form, so the card
 * form asks none of it; otherwise the card form asks only the postal code, and the country when the
 * buyer has not chosen one (a guess from the browser's language would misstate the card's address).
 * Stripe needs every field it does not ask passed at confirmation, so `billingDetails` names them.
 */
export function cardFieldsOf(
  values: CustomerFormValues,
  shape: FormShape,
): { address: CardAddressFields; billingDetails: CardBillingDetails } {
  const contact = { name: values.customer_name.trim(), email: values.customer_email.trim() };
  const { country, postal_code, line1, line2, city, state } = values.billing_address;
  if (shape.address)
    return {
      address: 'never',
      billingDetails: { ...contact, address: { country, postal_code, line1, line2, city, state } },
    };
  const lines = { line1: '', line2: '', city: '', state: '' };
  const fields = {
    line1: 'never',
    line2: 'never',
    city: 'never',
    state: 'never',
    postalCode: 'auto',
  } as const;
  return shape.country
    ? {
        address: { ...fields, country: 'never' },
        billingDetails: { ...contact, address: { ...lines, country } },
      }
    : { address: { ...fields, country: 'auto' }, billingDetails: { ...contact, address: lines } };
}
