import { Suspense, lazy, useState } from 'react';

// The toast's code loads with the first refusal it says.
const CheckoutToast = lazy(() =>
  import('./states/CheckoutToast.tsx').then((module) => ({ default: module.CheckoutToast })),
);

/**
 * The checkout's refusal toast: `showToast` says a message, `toast` is the element to draw, mounted
 * from the first message on (so it can fade out).
 */
export function useCheckoutToast() {
  const [message, setMessage] = useState<string | null>(null);
  const [used, setUsed] = useState(false);
  if (message !== null && !used) setUsed(true);
  const toast = used && (
    <Suspense fallback={null}>
      <CheckoutToast message={message} onClose={() => setMessage(null)} />
    </Suspense>
  );
  return { showToast: setMessage, toast };
}
