// Seed 000 §9: the currency preference is kept in local storage per user.
const keyOf = (did: string) => `kiosk:payment-currency-preference:${did}`;

export function preferredCurrency(did: string | undefined): string | undefined {
  if (!did) return undefined;
  try {
    return window.localStorage.getItem(keyOf(did)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberCurrency(did: string | undefined, currencyId: string): void {
  if (!did) return;
  try {
    window.localStorage.setItem(keyOf(did), currencyId);
  } catch {
    // Blocked storage only means the choice is asked again next time.
  }
}

/** Seed order: the `currencyId` parameter, the buyer's preference, the session's currency, the first. */
export function initialCurrency(offered: string[], candidates: (string | undefined)[]): string | undefined {
  return candidates.find((id) => id !== undefined && offered.includes(id)) ?? offered[0];
}
