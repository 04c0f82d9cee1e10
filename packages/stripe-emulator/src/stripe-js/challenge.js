/* global window, document */
// The 3-D Secure modal of the Stripe.js stand-in: the emulator's challenge page (three-d-secure.html)
// in a frame over the page. One part of the /v3/ script (source.ts joins them).
'use strict';

{
  const parts = (window.__kioskStripeJs = window.__kioskStripeJs || {});

  const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

  /**
   * The 3-D Secure challenge page in a modal over the page, until the page posts its answer. Focus stays
   * in it; Escape (the page's own, or here) fails the authentication, as closing Stripe's modal does.
   */
  function challenge(url, t) {
    const page = new URL(url);
    const previous = document.activeElement;
    const overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', t.dialog);
    Object.assign(overlay.style, { position: 'fixed', inset: '0', zIndex: '2147483647', display: 'flex' });
    Object.assign(overlay.style, {
      alignItems: 'center',
      justifyContent: 'center',
      background: 'rgba(0,0,0,0.5)',
    });
    const frame = overlay.appendChild(document.createElement('iframe'));
    Object.assign(frame, { src: url, title: t.dialog });
    Object.assign(frame.style, { width: 'min(500px, 100vw - 16px)', height: 'min(600px, 100vh - 16px)' });
    Object.assign(frame.style, { border: '0', borderRadius: '8px', background: '#ffffff' });
    return new Promise((resolve) => {
      const trap = (event) => !overlay.contains(event.target) && frame.focus();
      let failing = false;
      const escape = (event) => {
        if (event.key !== 'Escape' || failing) return;
        failing = true;
        const body = `client_secret=${encodeURIComponent(page.searchParams.get('client_secret'))}&result=fail`;
        fetch(`${page.origin}${page.pathname}`, { method: 'POST', headers: FORM, body }).then(close, close);
      };
      const answered = (event) => {
        const ours = event.source === frame.contentWindow && event.origin === page.origin;
        if (ours && event.data && event.data.type === 'kiosk-stripe-3ds') close();
      };
      const close = () => {
        window.removeEventListener('message', answered);
        document.removeEventListener('focusin', trap);
        document.removeEventListener('keydown', escape);
        overlay.remove();
        if (previous && previous.focus) previous.focus();
        resolve();
      };
      window.addEventListener('message', answered);
      document.addEventListener('focusin', trap);
      document.addEventListener('keydown', escape);
      frame.addEventListener('load', () => frame.focus());
      document.body.appendChild(overlay);
      frame.focus();
    });
  }

  Object.assign(parts, { challenge });
}
