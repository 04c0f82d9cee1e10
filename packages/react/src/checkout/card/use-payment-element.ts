import { useEffect, useEffectEvent, useRef } from 'react';
import type {
  Stripe,
  StripeElements,
  StripeElementsOptionsClientSecret,
  StripePaymentElementChangeEvent,
  StripePaymentElementOptions,
} from '@stripe/stripe-js';

export interface PaymentElementEvents {
  /** Shown and ready for focus. */
  onReady: () => void;
  onChange: (event: StripePaymentElementChangeEvent) => void;
  /** Escape pressed inside Stripe's frame, where the page's own key handlers never hear it. */
  onEscape: () => void;
  onLoadError: () => void;
}

/**
 * Stripe's Payment Element for `stripe`, mounted in the node the returned ref is given, and the
 * Elements group it belongs to (confirmPayment takes it). This is what @stripe/react-stripe-js's
 * <Elements> and <PaymentElement> do; written here because that package imports prop-types, which
 * the web build's first-load libraries share (MUI imports it for development), so using it made
 * every crypto checkout's first load carry prop-types (issue 22: not a byte more).
 */
export function usePaymentElement(
  stripe: Stripe,
  elementsOptions: StripeElementsOptionsClientSecret,
  elementOptions: StripePaymentElementOptions,
  events: PaymentElementEvents,
) {
  const nodeRef = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements>(undefined);
  const onReady = useEffectEvent(events.onReady);
  const onChange = useEffectEvent(events.onChange);
  const onEscape = useEffectEvent(events.onEscape);
  const onLoadError = useEffectEvent(events.onLoadError);
  useEffect(() => {
    if (!nodeRef.current) return;
    const group = stripe.elements(elementsOptions);
    const element = group.create('payment', elementOptions);
    element.on('ready', () => onReady());
    element.on('change', (event) => onChange(event));
    element.on('escape', () => onEscape());
    element.on('loaderror', () => onLoadError());
    element.mount(nodeRef.current);
    elementsRef.current = group;
    return () => {
      elementsRef.current = undefined;
      element.destroy();
    };
  }, [stripe, elementsOptions, elementOptions]);
  return { nodeRef, elementsRef };
}
