import { useLayoutEffect, type RefObject } from 'react';

/**
 * The cookie banner is fixed over the bottom of the viewport. While it asks, it publishes the height it
 * covers there as this custom property on <html>, so it never covers an action: a bar fixed to the
 * bottom (the checkout's pay bar) uses `bottom: ABOVE_COOKIE_CONSENT` and sits above it, and
 * `scroll-padding-bottom` keeps focused and scrolled-to elements above it.
 */
export const COOKIE_CONSENT_SPACE = '--kiosk-cookie-consent-space';
export const ABOVE_COOKIE_CONSENT = `var(${COOKIE_CONSENT_SPACE}, 0px)`;

/** Publishes `banner`'s space while `active`, following its size (language, screen width, text zoom). */
export function useReservedBottomSpace(banner: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!active || !element) return;
    const root = document.documentElement;
    const scrollPaddingBefore = root.style.scrollPaddingBottom;
    const publish = () => {
      // The gap under the banner is kept above it too, so a bar there does not touch it.
      const gap = parseFloat(getComputedStyle(element).bottom) || 0;
      const space = Math.ceil(element.getBoundingClientRect().height + 2 * gap);
      root.style.setProperty(COOKIE_CONSENT_SPACE, `${space}px`);
    };
    publish();
    root.style.scrollPaddingBottom = ABOVE_COOKIE_CONSENT;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(element);
    // The gap changes at a breakpoint, which need not change the banner's own size.
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(COOKIE_CONSENT_SPACE);
      root.style.scrollPaddingBottom = scrollPaddingBefore;
    };
  }, [banner, active]);
}
