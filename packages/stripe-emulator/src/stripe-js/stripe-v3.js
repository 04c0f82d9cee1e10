/* global window, document */
// The Kiosk Stripe emulator's stand-in for Stripe.js (https://js.stripe.com/v3/): what @stripe/stripe-js
// and @stripe/react-stripe-js call, a Payment Element that is a card form, and confirmation against the
// emulator (this script's own origin) with its 3-D Secure challenge in a modal. The emulator serves it
// at {emulator}/v3/ after its parts (card.js, card-form.js, elements.js, challenge.js), joined by
// source.ts: plain ES2019, no build step. README.md beside it says what it leaves out.
'use strict';

// A block, not a function: the script's top level, kept out of the page's globals.
{
  const parts = window.__kioskStripeJs || {};
  delete window.__kioskStripeJs;
  if (!parts.elementsGroup || !parts.challenge || !parts.textFor) {
    throw new Error(
      'The Stripe.js stand-in is served by stripeJsSource() of stripe-js/source.ts, not stripe-v3.js alone.',
    );
  }
  const { elementsGroup, challenge, textFor } = parts;
  const script = document.currentScript;
  const ORIGIN = new URL(script ? script.src : '/', window.location.href).origin;

  /** Stripe's bracket form encoding: card[number]=…, payment_method_types[0]=… */
  function encode(value, prefix, pairs = []) {
    if (value !== null && typeof value === 'object') {
      Object.keys(value).forEach((key) => encode(value[key], prefix ? `${prefix}[${key}]` : key, pairs));
    } else if (value !== undefined && value !== null) {
      pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(value)}`);
    }
    return pairs;
  }
  const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

  /** The emulator's API with the publishable key: `{ object }` or Stripe's `{ error }`. */
  function client(key) {
    return async (method, path, params) => {
      const query = encode(Object.assign({ key }, params)).join('&');
      const get = method === 'GET';
      try {
        const response = await fetch(
          `${ORIGIN}${path}${get ? `?${query}` : ''}`,
          get ? {} : { method, headers: FORM, body: query },
        );
        const body = await response.json();
        return response.ok ? { object: body } : { error: body.error };
      } catch (cause) {
        return {
          error: { type: 'api_connection_error', message: `No answer from ${ORIGIN}: ${cause.message}` },
        };
      }
    };
  }

  const intentOf = (clientSecret) => {
    const id = String(clientSecret).split('_secret_')[0];
    const kind = /^seti_/.test(id) ? 'setup' : 'payment';
    return { id, clientSecret, kind, path: `/v1/${kind}_intents/${id}`, result: `${kind}Intent` };
  };
  const unsupported = (what) => ({
    type: 'invalid_request_error',
    message: `The Kiosk Stripe emulator does not support ${what}.`,
  });

  /** b's fields over a's, object by object. */
  function merge(a, b) {
    const merged = Object.assign({}, a);
    Object.keys(b || {}).forEach((key) => {
      const objects = typeof b[key] === 'object' && typeof merged[key] === 'object' && b[key] && merged[key];
      merged[key] = objects ? merge(merged[key], b[key]) : b[key];
    });
    return merged;
  }

  /** What Stripe.js answers when the customer fails (or abandons) the 3-D Secure challenge. */
  function authenticationFailure(intent, object) {
    const last = object.last_payment_error || object.last_setup_error || {};
    const message =
      last.message ||
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    const error = {
      type: 'invalid_request_error',
      code: `${intent.kind}_intent_authentication_failure`,
      message,
    };
    return Object.assign(error, { [`${intent.kind}_intent`]: object });
  }

  /** Stripe's redirect after a confirmation: to the return_url, with the intent in its query. */
  function leaveFor(returnUrl, intent, object) {
    const url = new URL(returnUrl, window.location.href);
    url.searchParams.set(`${intent.kind}_intent`, intent.id);
    url.searchParams.set(`${intent.kind}_intent_client_secret`, intent.clientSecret);
    url.searchParams.set('redirect_status', object.status);
    window.location.assign(url.href);
    return new Promise(() => {}); // the page is leaving, as with Stripe.js
  }

  /** The Stripe object's calls over the emulator's API, in Stripe.js's answers. */
  function intentCalls(call, text) {
    /** An intent as the API answered it, after its 3-D Secure challenge when one is asked for. */
    async function settle(intent, answer, { handleActions = true, returnUrl } = {}) {
      if (answer.error) return answer;
      let object = answer.object;
      const action = object.next_action || {};
      if (object.status === 'requires_action' && handleActions) {
        if (action.type !== 'use_stripe_sdk') return { error: unsupported(`the next action ${action.type}`) };
        await challenge(action.use_stripe_sdk.stripe_js, text());
        const after = await call('GET', intent.path, { client_secret: intent.clientSecret });
        if (after.error) return after;
        object = after.object;
        if (object.status === 'requires_payment_method')
          return { error: authenticationFailure(intent, object) };
      }
      if (returnUrl && object.status !== 'requires_action') return leaveFor(returnUrl, intent, object);
      return { [intent.result]: object };
    }
    async function confirm(intent, params, how) {
      const body = Object.assign(params, { client_secret: intent.clientSecret });
      return settle(intent, await call('POST', `${intent.path}/confirm`, body), how);
    }

    // confirmPayment and confirmSetup: the Payment Element's card, then Stripe's redirect unless 'if_required'.
    async function confirmElements({ elements, clientSecret, confirmParams = {}, redirect = 'always' }) {
      const secret = clientSecret || (elements && elements._settings.clientSecret);
      if (!secret) throw new Error('Confirming needs a clientSecret, or Elements created with one.');
      const returnUrl = redirect !== 'if_required' && confirmParams.return_url;
      if (redirect !== 'if_required' && !returnUrl)
        throw new Error("confirmParams.return_url is required unless redirect is 'if_required'.");
      const element = elements && elements.getElement('payment');
      const params = Object.assign({}, confirmParams);
      if (element && !params.payment_method) {
        const invalid = element._validate();
        if (invalid) return { error: invalid };
        params.payment_method_data = merge(element._paymentMethodData(), confirmParams.payment_method_data);
      }
      return confirm(intentOf(secret), params, { returnUrl });
    }
    // confirmCardPayment and confirmCardSetup: a saved payment method (or the intent's own), no card Element.
    async function confirmCard(clientSecret, data = {}, { handleActions = true } = {}) {
      if (data.payment_method && typeof data.payment_method !== 'string')
        return { error: unsupported('card Elements') };
      return confirm(intentOf(clientSecret), Object.assign({}, data), { handleActions });
    }
    const retrieve = async (clientSecret) => {
      const intent = intentOf(clientSecret);
      return settle(intent, await call('GET', intent.path, { client_secret: clientSecret }), {
        handleActions: false,
      });
    };
    async function handleNextAction({ clientSecret }) {
      const intent = intentOf(clientSecret);
      const answer = await call('GET', intent.path, { client_secret: clientSecret });
      if (answer.object && answer.object.status !== 'requires_action') {
        const message = `The ${intent.kind} intent's status is ${answer.object.status}, not requires_action.`;
        const error = {
          type: 'invalid_request_error',
          code: `${intent.kind}_intent_unexpected_state`,
          message,
        };
        return { error: Object.assign(error, { [`${intent.kind}_intent`]: answer.object }) };
      }
      return settle(intent, answer);
    }
    async function createPaymentMethod({ elements, params }) {
      const element = elements && elements.getElement('payment');
      if (!element) return { error: unsupported('createPaymentMethod without elements') };
      const invalid = element._validate();
      const answer = invalid
        ? { error: invalid }
        : await call('POST', '/v1/payment_methods', merge(element._paymentMethodData(), params));
      return answer.error ? answer : { paymentMethod: answer.object };
    }
    return { confirmElements, confirmCard, retrieve, handleNextAction, createPaymentMethod };
  }

  function Stripe(key, options = {}) {
    if (typeof key !== 'string' || !key) throw new Error('Please call Stripe() with your publishable key.');
    if (/^sk_/.test(key)) throw new Error('You should not use your secret key with Stripe.js.');
    let locale = options.locale;
    const calls = intentCalls(client(key), () => textFor(locale));
    return {
      elements(elementsOptions = {}) {
        locale = elementsOptions.locale || locale;
        return elementsGroup(Object.assign({ locale }, elementsOptions));
      },
      confirmPayment: calls.confirmElements,
      confirmSetup: calls.confirmElements,
      confirmCardPayment: calls.confirmCard,
      confirmCardSetup: calls.confirmCard,
      handleNextAction: calls.handleNextAction,
      handleCardAction: (clientSecret) => calls.handleNextAction({ clientSecret }),
      retrievePaymentIntent: calls.retrieve,
      retrieveSetupIntent: calls.retrieve,
      createPaymentMethod: calls.createPaymentMethod,
      createToken: async () => ({ error: unsupported('createToken: use the Payment Element') }),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  // The release train @stripe/stripe-js 10 expects; with any other it warns that the versions differ.
  Stripe.version = 'endive';
  window.Stripe = Stripe;
}
