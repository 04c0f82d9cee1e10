import type { CheckoutSession, MyCustomer } from '@kiosk/contracts';
import { isWebAddress } from '@kiosk/contracts/web-address';
import type { FieldPattern } from '@kiosk/core/customer-details';

/**
 * What the page reads from free-form metadata: a merchant writes these (seed 001 §7 page_info,
 * after_completion), Kiosk writes the phone's country at submit. Metadata can hold anything, so each
 * part is looked at before it is used.
 */

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
const textAt = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The merchant's extra rules for the buyer's fields, by field name. */
export function fieldValidationOf(session: CheckoutSession): Record<string, FieldPattern> | undefined {
  return objectAt(objectAt(session.metadata.page_info)?.field_validation) as
    Record<string, FieldPattern> | undefined;
}

/** Why the form asks for the buyer's details, in `locale`. */
export function formPurposeOf(session: CheckoutSession, locale: string): string | undefined {
  return textAt(objectAt(objectAt(session.metadata.page_info)?.form_purpose_description)?.[locale]);
}

/** The payment link's own confirmation message. */
export function confirmationMessageOf(session: CheckoutSession): string | undefined {
  const completion = objectAt(session.metadata.after_completion);
  return textAt(objectAt(completion?.hosted_confirmation)?.custom_message);
}

/** Where the payment link sends the buyer after paying (`after_completion.type: "redirect"`). */
export function redirectAfterPaymentOf(session: CheckoutSession): string | undefined {
  const completion = objectAt(session.metadata.after_completion);
  if (completion?.type !== 'redirect') return undefined;
  const url = textAt(objectAt(completion.redirect)?.url);
  return url && isWebAddress(url) ? url : undefined;
}

/**
 * Where the merchant sends the buyer after paying (`success_url`, with the session's id in it). A
 * web page only, as the API takes it: a row stored before it checked is not offered.
 */
export function successUrlOf(session: CheckoutSession): string | undefined {
  const url = session.success_url?.replace('{CHECKOUT_SESSION_ID}', session.id);
  return url && isWebAddress(url) ? url : undefined;
}

/** The country of the buyer's saved phone number. */
export function phoneCountryOf(customer: MyCustomer): string | undefined {
  return textAt(objectAt(customer.metadata.phone)?.country);
}
