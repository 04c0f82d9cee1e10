/* global window, document, CSSStyleSheet */
// The Payment Element's card form of the Stripe.js stand-in: labelled fields, formatting as one types,
// inline errors, Stripe's element events. One part of the /v3/ script (source.ts joins them).
'use strict';

{
  const parts = (window.__kioskStripeJs = window.__kioskStripeJs || {});
  const { textFor, brandOf, digits, formatNumber, formatExpiry, cardErrors } = parts;

  const STYLE = `
    :host { all: initial; display: block; font: 14px var(--font); color: var(--text); }
    fieldset { display: flex; flex-wrap: wrap; gap: 12px; min-width: 0; margin: 0; padding: 0; border: 0; }
    legend { padding: 0; margin-bottom: 8px; font-weight: 600; }
    .field { flex: 1 1 100%; min-width: 0; } .half { flex-basis: 120px; }
    label { display: block; margin-bottom: 4px; } .box { position: relative; }
    input { box-sizing: border-box; width: 100%; padding: 10px 12px; font: 16px var(--font); color: inherit;
      background: var(--background); border: 1px solid #c5cbd3; border-radius: var(--radius); }
    input:focus { outline: 2px solid var(--primary); outline-offset: 0; border-color: var(--primary); }
    input[aria-invalid='true'] { border-color: var(--danger); } #number { padding-right: 128px; }
    .brand { position: absolute; top: 50%; right: 12px; transform: translateY(-50%); color: #59616e; }
    .error { margin-top: 4px; color: var(--danger); }`;

  function formHtml(t, withPostal) {
    const field = (name, attributes, half) =>
      `<div class="field${half ? ' half' : ''}"><label for="${name}">${t[name]}</label><div class="box">` +
      `<input id="${name}" ${attributes} aria-invalid="false" aria-describedby="${name}-error${name === 'number' ? ' brand' : ''}">` +
      `${name === 'number' ? '<span id="brand" class="brand"></span>' : ''}</div>` +
      `<div id="${name}-error" class="error" role="alert"></div></div>`;
    const numeric = 'inputmode="numeric" spellcheck="false"';
    return (
      `<fieldset><legend>${t.card}</legend>` +
      field('number', `autocomplete="cc-number" ${numeric} placeholder="1234 1234 1234 1234"`) +
      field('expiry', `autocomplete="cc-exp" ${numeric} placeholder="${t.expiryHint}"`, true) +
      field('cvc', `autocomplete="cc-csc" ${numeric} placeholder="CVC" maxlength="4"`, true) +
      (withPostal ? field('postal', 'autocomplete="postal-code" maxlength="10"') : '') +
      '</fieldset>'
    );
  }

  /** A field's value formatted as it is typed, the caret kept after the same digit. */
  function reformat(input, inserting, cvcLength) {
    const before = digits(input.value.slice(0, input.selectionStart)).length;
    const atEnd = input.selectionStart === input.value.length;
    if (input.id === 'number') input.value = formatNumber(input.value);
    if (input.id === 'expiry') input.value = formatExpiry(input.value, inserting);
    if (input.id === 'cvc') input.value = digits(input.value).slice(0, cvcLength);
    if (atEnd || input.id === 'postal') return;
    let caret = 0;
    for (let seen = 0; caret < input.value.length && seen < before; caret++) {
      if (/\d/.test(input.value[caret])) seen++;
    }
    input.setSelectionRange(caret, caret);
  }

  /** The form's CSS variables from Stripe's appearance variables that it honours. */
  function theme(appearance) {
    const variables = (appearance || {}).variables || {};
    return {
      '--primary': variables.colorPrimary || '#0570de',
      '--font': variables.fontFamily || 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '--radius': variables.borderRadius || '6px',
      '--text': variables.colorText || '#30313d',
      '--background': variables.colorBackground || '#ffffff',
      '--danger': variables.colorDanger || '#df1b41',
    };
  }

  /**
   * The card form of a Payment Element, in a shadow root: the isolation from the page's styles and
   * scripts that the real element's iframe gives, without a second document. Its styles are a
   * constructed sheet, which no page's CSP blocks.
   */
  function cardForm(node, settings, options, element) {
    const host = node.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    shadow.adoptedStyleSheets = [sheet];
    const shown = {};
    const field = (name) => shadow.getElementById(name);
    const withPostal = () => {
      const address = ((options.fields || {}).billingDetails || {}).address;
      return address !== 'never' && !(address && address.postalCode === 'never');
    };
    const value = (name) => (field(name) ? field(name).value : '');
    const card = () => ({
      number: digits(value('number')),
      expiry: digits(value('expiry')),
      cvc: value('cvc'),
    });
    const values = () => Object.assign(card(), { postal: value('postal') });
    const errors = () => cardErrors(values(), withPostal());
    const show = (found) => {
      Object.keys(shown).forEach((name) => {
        field(name).setAttribute('aria-invalid', String(Boolean(found[name])));
        field(`${name}-error`).textContent = found[name] ? textFor(settings.locale)[found[name]] : '';
      });
    };
    const emit = (type) => element.emit(type, { elementType: 'payment' });
    shadow.addEventListener('input', (event) => {
      reformat(event.target, /^insert/.test(event.inputType), brandOf(card().number).cvc);
      field('brand').textContent = brandOf(card().number).name || '';
      const found = errors();
      show(found);
      const empty = !Object.values(values()).some(Boolean);
      const complete = Object.keys(found).length === 0;
      element.emit('change', {
        elementType: 'payment',
        empty,
        complete,
        collapsed: false,
        value: { type: 'card' },
      });
    });
    shadow.addEventListener('focusout', (event) => {
      if (event.target.value) shown[event.target.id] = true;
      show(errors());
      if (!shadow.contains(event.relatedTarget)) emit('blur');
    });
    shadow.addEventListener('focusin', (event) => !shadow.contains(event.relatedTarget) && emit('focus'));
    // The real element submits its form on Enter, and Escape is an event of its own.
    shadow.addEventListener('keydown', (event) => {
      const form = event.key === 'Enter' && host.closest('form');
      if (form) {
        event.preventDefault();
        form.requestSubmit();
      }
      if (event.key === 'Escape') emit('escape');
    });
    const render = (kept = values()) => {
      const css = theme(settings.appearance);
      Object.keys(css).forEach((name) => host.style.setProperty(name, css[name]));
      shadow.innerHTML = formHtml(textFor(settings.locale), withPostal());
      Object.keys(kept).forEach((name) => field(name) && (field(name).value = kept[name]));
      Object.keys(shown).forEach((name) => !field(name) && delete shown[name]);
      field('brand').textContent = brandOf(card().number).name || '';
      show(errors());
    };
    render();
    return {
      host,
      render,
      focus: () => field('number').focus(),
      clear() {
        Object.keys(shown).forEach((name) => delete shown[name]);
        render({});
      },
      blur: () => shadow.activeElement && shadow.activeElement.blur(),
      /** Every field's problem shown; the first as Stripe's validation error, or null. */
      validate() {
        const found = errors();
        ['number', 'expiry', 'cvc', 'postal'].forEach((name) => field(name) && (shown[name] = true));
        show(found);
        const first = ['number', 'expiry', 'cvc', 'postal'].find((name) => found[name]);
        if (!first) return null;
        field(first).focus();
        const message = textFor(settings.locale)[found[first]];
        return { type: 'validation_error', code: found[first], message, param: first };
      },
      paymentMethodData() {
        const { number, expiry, cvc } = card();
        const data = {
          type: 'card',
          // The year in four digits, as the API documents exp_year.
          card: {
            number,
            exp_month: Number(expiry.slice(0, 2)),
            exp_year: 2000 + Number(expiry.slice(2)),
            cvc,
          },
        };
        const postal = { billing_details: { address: { postal_code: value('postal') } } };
        return withPostal() ? Object.assign(data, postal) : data;
      },
    };
  }

  Object.assign(parts, { cardForm });
}
