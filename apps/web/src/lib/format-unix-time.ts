import { fromUnix } from '@kiosk/core';

/** A wire timestamp (unix seconds) as a date and time in the visitor's language. */
export function formatUnixTime(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    fromUnix(seconds),
  );
}
