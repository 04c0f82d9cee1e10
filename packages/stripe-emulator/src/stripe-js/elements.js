/* global window, document, requestAnimationFrame */
// The Elements group and its Payment Element of the Stripe.js stand-in, with the events Stripe's
// elements emit. One part of the /v3/ script (source.ts joins them).
'use strict';

{
  const parts = (window.__kioskStripeJs = window.__kioskStripeJs || {});
  const { cardForm } = parts;

  function emitter() {
    const handlers = {};
    return {
      on(type, handler) {
        (handlers[type] = handlers[type] || []).push(handler);
        return this;
      },
      off(type, handler) {
        handlers[type] = (handlers[type] || []).filter((h) => h !== handler && h.original !== handler);
        return this;
      },
      once(type, handler) {
        const wrapped = (event) => {
          this.off(type, wrapped);
          handler(event);
        };
        return this.on(type, Object.assign(wrapped, { original: handler }));
      },
      emit(type, event) {
        (handlers[type] || []).slice().forEach((handler) => handler(event));
      },
    };
  }

  function paymentElement(group, options) {
    const element = emitter();
    let form = null;
    const mounted = (act) => () => form && act(form);
    return Object.assign(element, {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) throw new Error(`The selector you specified (${target}) applies to no DOM elements.`);
        form = cardForm(node, group._settings, options, element);
        // 'ready' once painted, after a framework's effects have attached their listeners.
        requestAnimationFrame(() => setTimeout(() => element.emit('ready', { elementType: 'payment' })));
      },
      unmount() {
        if (form) form.host.remove();
        form = null;
      },
      destroy() {
        element.unmount();
        group._forget();
      },
      update(next) {
        Object.assign(options, next);
        element._render();
      },
      focus: mounted((card) => card.focus()),
      blur: mounted((card) => card.blur()),
      clear: mounted((card) => card.clear()),
      collapse: () => element,
      _render: mounted((card) => card.render()),
      _validate: () =>
        form ? form.validate() : { type: 'validation_error', message: 'The Payment Element is not mounted.' },
      _paymentMethodData: mounted((card) => card.paymentMethodData()),
    });
  }

  function elementsGroup(settings) {
    const group = emitter();
    let payment = null;
    return Object.assign(group, {
      _settings: settings,
      _forget: () => (payment = null),
      create(type, options) {
        if (type !== 'payment')
          throw new Error(`The Kiosk Stripe emulator has only the 'payment' Element, not '${type}'.`);
        if (payment) throw new Error('Can only create one Element of type payment.');
        if (!settings.clientSecret && !settings.mode) {
          throw new Error('A payment Element needs Elements created with a clientSecret or a mode.');
        }
        return (payment = paymentElement(group, Object.assign({}, options)));
      },
      getElement: (type) => (type === 'payment' ? payment : null),
      update(next) {
        Object.assign(settings, next);
        if (payment) payment._render();
        group.emit('update-end');
        return Promise.resolve();
      },
      submit() {
        const error = payment
          ? payment._validate()
          : { type: 'validation_error', message: 'No Payment Element.' };
        return Promise.resolve(error ? { error } : { selectedPaymentMethod: 'card' });
      },
      // The card form shows nothing of the intent, so there is nothing to fetch.
      fetchUpdates: () => Promise.resolve({}),
    });
  }

  Object.assign(parts, { elementsGroup });
}
