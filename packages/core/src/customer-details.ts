import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { ErrorDetail } from './errors.ts';

/**
 * Seed 000 §5: the buyer's contact and billing details, checked the same way by the checkout form and
 * the server. Phone numbers are read by a function the caller brings (`normalizePhone` of
 * `@kiosk/core/phone`, or `fallbackNormalizePhone` when that library cannot load).
 */

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

// Dot-atoms on both sides, a domain of labels of at most 63 characters, a top-level domain of letters.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isValidEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  return email.length <= EMAIL_MAX_LENGTH && at > 0 && at <= EMAIL_LOCAL_MAX_LENGTH && EMAIL.test(email);
}

/** Seed 000 §5: the regex that stands in when the phone library fails to load. */
const PHONE_FALLBACK = /^\+?[0-9][0-9 ().-]{5,19}$/;

export function fallbackNormalizePhone(input: string): string | undefined {
  const trimmed = input.trim();
  return PHONE_FALLBACK.test(trimmed) ? trimmed.replace(/[ ().-]/g, '') : undefined;
}

/** Postal codes are checked where the country's format is known, and accepted elsewhere. */
export function isValidPostalCode(code: string, country: string | undefined): boolean {
  if (!code.trim()) return false;
  const upper = country?.toUpperCase();
  if (!upper || !postcodeValidatorExistsForCountry(upper)) return true;
  return postcodeValidator(code.trim(), upper);
}

export interface BillingAddress {
  country?: string;
  state?: string;
  city?: string;
  line1?: string;
  line2?: string;
  postal_code?: string;
}

export interface CustomerDetailsInput {
  customer_name?: string;
  customer_email?: string;
  customer_phone?: string;
  billing_address?: BillingAddress;
}

export interface FieldPattern {
  pattern: string;
  pattern_message?: Record<string, string>;
}

export interface DetailRules {
  phoneRequired: boolean;
  addressRequired: boolean;
  /** metadata.page_info.field_validation: extra patterns per field with messages per language. */
  fieldValidation?: Record<string, FieldPattern>;
  locale: string;
  /** International form of a number, reading one without a plus by the billing country. */
  normalizePhone: (input: string, country?: string) => string | undefined;
}

export interface CleanDetails {
  name: string;
  email: string;
  phone: string | null;
  address: BillingAddress;
}

/**
 * Checks the details and answers them cleaned (phone normalised), or the problems, one per field.
 * Messages are i18n keys except server patterns, whose message comes in the caller's language.
 */
export function checkCustomerDetails(
  input: CustomerDetailsInput,
  rules: DetailRules,
): { details: CleanDetails; problems: ErrorDetail[] } {
  const problems: ErrorDetail[] = [];
  const problem = (field: string, message: string) => problems.push({ path: `body.${field}`, message });
  const name = input.customer_name?.trim() ?? '';
  const email = input.customer_email?.trim() ?? '';
  const address = input.billing_address ?? {};

  if (!name) problem('customer_name', 'validation.required');
  if (!email) problem('customer_email', 'validation.required');
  else if (!isValidEmail(email)) problem('customer_email', 'checkout.invalidEmail');

  let phone: string | null = null;
  const rawPhone = input.customer_phone?.trim() ?? '';
  if (rawPhone) {
    phone = rules.normalizePhone(rawPhone, address.country) ?? null;
    if (!phone) problem('customer_phone', 'checkout.invalidPhone');
  } else if (rules.phoneRequired) problem('customer_phone', 'validation.required');

  if (rules.addressRequired) {
    for (const field of ['country', 'line1', 'city', 'state', 'postal_code'] as const) {
      if (!address[field]?.trim()) problem(`billing_address.${field}`, 'validation.required');
    }
  }
  if (address.postal_code?.trim() && !isValidPostalCode(address.postal_code, address.country)) {
    problem('billing_address.postal_code', 'checkout.invalidPostalCode');
  }

  const values: Record<string, string | undefined> = {
    customer_name: name,
    customer_email: email,
    customer_phone: rawPhone,
    ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`billing_address.${k}`, v])),
  };
  for (const [field, { pattern, pattern_message }] of Object.entries(rules.fieldValidation ?? {})) {
    const value = values[field];
    if (!value || problems.some((p) => p.path === `body.${field}`)) continue;
    let matches: boolean;
    try {
      matches = new RegExp(pattern).test(value);
    } catch {
      continue; // a broken merchant pattern must not lock buyers out
    }
    if (!matches)
      problem(field, pattern_message?.[rules.locale] ?? pattern_message?.en ?? 'validation.invalid');
  }
  return { details: { name, email, phone, address }, problems };
}
