import { CHECKOUT_LAYOUTS, type CheckoutLayout } from '@kiosk/react';

/** `?mode=standalone-minimal` hides the summary; the hosted page is standalone either way. */
export function hostedLayoutOf(search: string): CheckoutLayout {
  const mode = new URLSearchParams(search).get('mode');
  return (
    CHECKOUT_LAYOUTS.find((layout) => layout === mode && layout.startsWith('standalone')) ?? 'standalone'
  );
}
