import { judgeAuthenticated } from './confirm.ts';
import { invalidRequest, missingParam } from './errors.ts';
import { majorUnits } from './money.ts';
import { optionalEnum, requiredString } from './params.ts';
import { failPaymentAuthentication, settlePayment } from './payment-intent-confirm.ts';
import { findPaymentIntent, type PaymentIntent } from './payment-intents.ts';
import { findPaymentMethod } from './payment-methods.ts';
import type { ApiCall, Route } from './router.ts';
import { failSetupAuthentication, findSetupIntent, settleSetup, type SetupIntent } from './setup-intents.ts';
import { backgroundOrigin, type Store } from './state.ts';
import { threeDSecureTemplate } from './stripe-js/source.ts';

// The emulator's stand-in for the bank's 3-D Secure challenge: Stripe.js (our stand-in) opens the page
// in next_action.use_stripe_sdk.stripe_js; a button there decides the challenge here.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function intentOf(store: Store, call: ApiCall): PaymentIntent | SetupIntent {
  const id = call.pathParams.id ?? '';
  const intent = id.startsWith('seti_') ? findSetupIntent(store, id) : findPaymentIntent(store, id);
  if (requiredString(call.params, 'client_secret') !== intent.client_secret) {
    throw invalidRequest('The client_secret provided does not match this intent.', {
      param: 'client_secret',
    });
  }
  return intent;
}

function decide(store: Store, intent: PaymentIntent | SetupIntent, result: 'complete' | 'fail') {
  if (intent.status !== 'requires_action' || !intent.payment_method) {
    throw invalidRequest(
      `There is no 3-D Secure challenge pending on ${intent.id} (status ${intent.status}).`,
    );
  }
  const method = findPaymentMethod(store, intent.payment_method);
  if (intent.object === 'payment_intent') {
    if (result === 'fail') failPaymentAuthentication(store, backgroundOrigin, intent, method);
    // A decline after the challenge is on the intent's last_payment_error; the page only reports back.
    else settlePayment(store, backgroundOrigin, intent, method, judgeAuthenticated(store, method), true);
  } else if (result === 'fail') {
    failSetupAuthentication(store, backgroundOrigin, intent, method);
  } else {
    const decline = store.cardStates.get(method.id)?.card.setupDecline;
    settleSetup(
      store,
      backgroundOrigin,
      intent,
      method,
      decline ? { kind: 'decline', decline } : { kind: 'succeed' },
    );
  }
}

export const threeDSecureRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_emulator/3ds/:id',
    access: 'open',
    handle(call, store) {
      const intent = intentOf(store, call);
      const page = threeDSecureTemplate();
      const amount = intent.object === 'payment_intent' ? majorUnits(intent.amount, intent.currency) : '';
      const values: Record<string, string> = {
        INTENT_ID: intent.id,
        CLIENT_SECRET: intent.client_secret,
        AMOUNT: amount,
        CURRENCY: intent.object === 'payment_intent' ? intent.currency.toUpperCase() : '',
      };
      return {
        html: page.replace(/\{\{(INTENT_ID|CLIENT_SECRET|AMOUNT|CURRENCY)\}\}/g, (_, key) =>
          escapeHtml(values[key] ?? ''),
        ),
      };
    },
  },
  {
    method: 'POST',
    path: '/_emulator/3ds/:id',
    access: 'open',
    handle(call, store) {
      const intent = intentOf(store, call);
      const result = optionalEnum(call.params, 'result', ['complete', 'fail'] as const);
      if (result === undefined) throw missingParam('result');
      decide(store, intent, result);
      return { json: intent };
    },
  },
];
