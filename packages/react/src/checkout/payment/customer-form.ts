import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { DetailRules } from '@kiosk/core/customer-details';
import type { CheckoutSession, MyCustomer } from '@kiosk/contracts';
import { fieldValidationOf, phoneCountryOf } from '../session-metadata.ts';

export interface CustomerFormValues {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  billing_address: {
    country: string;
    state: string;
    city: string;
    line1: string;
    line2: string;
    postal_code: string;
  };
}

/** Which parts of the form a session asks for (seed 000 §5). */
export interface FormShape {
  phone: boolean;
  /** Line1, city, state and postal code are required. */
  address: boolean;
  /** A country is asked for whenever a phone or an address is: numbers are read by it. */
  country: boolean;
}

export function formShapeOf(session: CheckoutSession): FormShape {
  const phone = session.phone_number_collection.enabled;
  const address = session.billing_address_collection === 'required';
  return { phone, address, country: phone || address };
}

/** The form prefilled from the buyer's customer record, else empty with a guessed country. */
export function initialValues(customer: MyCustomer | null | undefined, country: string): CustomerFormValues {
  const address = customer?.address ?? {};
  return {
    customer_name: customer?.name ?? '',
    customer_email: customer?.email ?? '',
    customer_phone: customer?.phone ?? '',
    billing_address: {
      country: address.country ?? (customer && phoneCountryOf(customer)) ?? country,
      state: address.state ?? '',
      city: address.city ?? '',
      line1: address.line1 ?? '',
      line2: address.line2 ?? '',
      postal_code: address.postal_code ?? '',
    },
  };
}

/** The submit body's details: only the parts this session asks for. */
export function detailsToSubmit(values: CustomerFormValues, shape: FormShape) {
  const { country, ...rest } = values.billing_address;
  return {
    customer_name: values.customer_name.trim(),
    customer_email: values.customer_email.trim(),
    ...(shape.phone ? { customer_phone: values.customer_phone.trim() } : {}),
    ...(shape.address
      ? { billing_address: { country, ...rest } }
      : shape.country
        ? { billing_address: { country } }
        : {}),
  };
}

type Check = typeof import('@kiosk/core/customer-details').checkCustomerDetails;
type Normalize = DetailRules['normalizePhone'];

let loaded: Promise<{ check: Check; normalizePhone: Normalize }> | undefined;

/** The same rules the server applies, loaded with the form; seed 000 §5's regex stands in for the phone library if it fails to load. */
function loadRules() {
  loaded ??= import('@kiosk/core/customer-details').then(async (rules) => {
    const normalizePhone = await import('@kiosk/core/phone').then(
      (phone) => phone.normalizePhone,
      () => rules.fallbackNormalizePhone,
    );
    return { check: rules.checkCustomerDetails, normalizePhone };
  });
  return loaded;
}

/** `body.billing_address.postal_code` → `billing_address.postal_code`: a server path as a form field. */
export function formFieldOf(path: string): string {
  return path.replace(/^body\./, '');
}

const FORM_FIELDS = new Set([
  'customer_name',
  'customer_email',
  'customer_phone',
  'billing_address.country',
  'billing_address.state',
  'billing_address.city',
  'billing_address.line1',
  'billing_address.line2',
  'billing_address.postal_code',
]);

export function isFormField(field: string): field is keyof CustomerFormValues | `billing_address.${string}` {
  return FORM_FIELDS.has(field);
}

/** Messages are i18n keys, except merchant patterns' messages, which arrive already in the buyer's language. */
function setError(errors: FieldErrors<CustomerFormValues>, field: string, message: string): void {
  const [head, tail] = field.split('.') as [string, string | undefined];
  const error = { type: 'validate', message };
  if (tail) {
    const nested = ((errors as Record<string, Record<string, unknown>>)[head] ??= {});
    nested[tail] = error;
  } else {
    (errors as Record<string, unknown>)[head] = error;
  }
}

/** What the rules find wrong with `values`, by form field; messages are i18n keys or merchant text. */
async function problemsOf(
  values: CustomerFormValues,
  session: CheckoutSession,
  locale: string,
): Promise<{ field: string; message: string }[]> {
  const shape = formShapeOf(session);
  const { check, normalizePhone } = await loadRules();
  const { problems } = check(detailsToSubmit(values, shape), {
    phoneRequired: shape.phone,
    addressRequired: shape.address,
    fieldValidation: fieldValidationOf(session),
    locale,
    normalizePhone,
  });
  return problems
    .map(({ path, message }) => ({ field: formFieldOf(path), message }))
    .filter(({ field }) => isFormField(field));
}

/**
 * True when `values` pass every rule the session asks for: a returning buyer's saved details can be
 * sent without the form (seed 000 §6), and nothing is marked wrong before the buyer acts.
 */
export async function detailsComplete(
  values: CustomerFormValues,
  session: CheckoutSession,
  locale: string,
): Promise<boolean> {
  return (await problemsOf(values, session, locale)).length === 0;
}

export function customerResolver(
  session: CheckoutSession,
  locale: string,
  t: TFunction,
): Resolver<CustomerFormValues> {
  return async (values) => {
    const problems = await problemsOf(values, session, locale);
    if (problems.length === 0) return { values, errors: {} };
    const errors: FieldErrors<CustomerFormValues> = {};
    for (const { field, message } of problems) setError(errors, field, t(message));
    return { values: {}, errors };
  };
}
