/** Seed 000 §2: standalone and inline, and their minimal variants, which hide the order summary. */
export const CHECKOUT_LAYOUTS = ['standalone', 'inline', 'standalone-minimal', 'inline-minimal'] as const;
export type CheckoutLayout = (typeof CHECKOUT_LAYOUTS)[number];

export function isMinimal(layout: CheckoutLayout): boolean {
  return layout.endsWith('-minimal');
}
