import type { PaymentMethod } from '@kiosk/contracts';

/**
 * A method's settings named with `secret` (a card processor's secret key, its webhook signing secret)
 * are write-only: the server reads them, but no answer and no event shows more than their last four
 * characters, and a settings update that leaves one out (or sends it back masked) keeps the stored one.
 */
const SECRET = /(^|_)secret(_|$)/;
const MASK = '••••';

const isSecret = (name: string) => SECRET.test(name);

/** The settings as answers and events show them. */
export function maskedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).map(([name, value]) =>
      isSecret(name) && typeof value === 'string' ? [name, `${MASK}${value.slice(-4)}`] : [name, value],
    ),
  );
}

/** The method as a merchant's answer shows it. */
export const merchantMethod = (method: PaymentMethod): PaymentMethod => ({
  ...method,
  settings: maskedSettings(method.settings),
});

/** New settings with each secret left out or sent back masked taken from the stored ones. */
export function keptSecrets(
  stored: Record<string, unknown>,
  given: Record<string, unknown>,
): Record<string, unknown> {
  const kept = { ...given };
  for (const [name, value] of Object.entries(stored))
    if (
      isSecret(name) &&
      (!(name in given) || (typeof given[name] === 'string' && given[name].startsWith(MASK)))
    )
      kept[name] = value;
  return kept;
}
