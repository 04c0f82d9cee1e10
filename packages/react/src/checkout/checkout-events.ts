import { useEffect, useEffectEvent } from 'react';

/**
 * Seed 000 §8: a refused checkout call is broadcast as an `error.{code}` event (the cross-sell area
 * listens for `error.REQUIRE_CROSS_SELL`); a host page may listen as well.
 */
export const checkoutEvents = new EventTarget();

export function emitCheckoutError(code: string, message: string): void {
  checkoutEvents.dispatchEvent(new CustomEvent(`error.${code}`, { detail: { code, message } }));
}

export function useCheckoutEvent(name: string, handler: () => void): void {
  const handle = useEffectEvent(handler);
  useEffect(() => {
    const listener = () => handle();
    checkoutEvents.addEventListener(name, listener);
    return () => checkoutEvents.removeEventListener(name, listener);
  }, [name]);
}
