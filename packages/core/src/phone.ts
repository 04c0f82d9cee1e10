import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A phone number in international form (+8613800138000), reading one without a plus by `country`.
 * Its own module: the number metadata is the largest part of the checkout's code, so pages load it
 * only when a phone is asked for.
 */
export function normalizePhone(input: string, country?: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), country?.toUpperCase() as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}
