import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  KioskSettings,
  EvmMandateInstructions,
  PublicPaymentCurrency,
  PublicPaymentMethod,
  Subscription,
} from '@kiosk/contracts';
import {
  confirmMandate,
  isUserRejection,
  MandateNotSeenError,
  NoAccountError,
  sendMandateCalls,
  TransactionFailedError,
  WrongAccountError,
  type Eip1193Provider,
} from '@kiosk/react';
import { useSession } from '../../hooks/use-session.ts';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';

/** Seed 000 §1: a subscription that still bills may move its future invoices to another method. */
const CHANGEABLE: readonly Subscription['status'][] = ['active', 'trialing', 'past_due'];

export function methodChangeOffered(subscription: Subscription): boolean {
  return CHANGEABLE.includes(subscription.status);
}

/** A method and currency future invoices could be collected in. */
export interface MethodChoice {
  key: string;
  method: PublicPaymentMethod;
  currency: PublicPaymentCurrency;
  /** The subscription's own: choosing it authorises again, asking for no change. */
  current: boolean;
}

/**
 * What can collect the subscription: the active methods and currencies the server says take mandates
 * (their `capabilities.recurring`, decided by the method's adapter). The subscription's own method and
 * currency come first, and always, so it can authorise again.
 */
export function methodChoices(
  settings: KioskSettings | undefined,
  subscription: Subscription,
): MethodChoice[] {
  const choices: MethodChoice[] = [];
  for (const method of settings?.paymentMethods ?? []) {
    const recurring = method.active && method.capabilities.recurring;
    for (const currency of method.payment_currencies) {
      const current =
        method.id === subscription.default_payment_method_id && currency.id === subscription.currency_id;
      if (current || (recurring && currency.active && currency.capabilities.recurring))
        choices.push({ key: `${method.id}/${currency.id}`, method, currency, current });
    }
  }
  return choices.sort((a, b) => Number(b.current) - Number(a.current));
}

export type MandateAnswer = Awaited<ReturnType<typeof askMandate>>;
export type MandateRequest = { payment_method?: string; payment_currency?: string };

async function askMandate(id: string, livemode: boolean, body: MandateRequest) {
  const answer = await kioskClient.call('POST /api/subscriptions/:id/mandate', {
    params: { id },
    query: { livemode },
    body,
  });
  // Here a wallet authorises; a card is saved on the setup page (MANDATE_NEEDS_SETUP_CHECKOUT).
  const { mandateInstructions } = answer;
  if (mandateInstructions.type !== 'evm_mandate')
    throw new Error(`unexpected ${mandateInstructions.type} instructions`);
  return { ...answer, mandateInstructions };
}

/** The request for a choice: nothing for the current one (authorise again), else its method and currency. */
export function mandateRequestFor(choice: MethodChoice): MandateRequest {
  return choice.current ? {} : { payment_method: choice.method.id, payment_currency: choice.currency.id };
}

/** `POST /api/subscriptions/{id}/mandate`: the wallet calls for a new mandate (nothing changes yet). */
export function useAskMandate(id: string, livemode: boolean) {
  return useMutation({ mutationFn: (body: MandateRequest) => askMandate(id, livemode, body) });
}

/**
 * Authorising from a wallet on another device: a setup session for the subscription, whose hosted page
 * offers every wallet (a phone's by QR code, the test wallet in test mode), and the browser goes there.
 */
export function useSetupSessionPage(id: string, livemode: boolean) {
  return useMutation({
    mutationFn: () =>
      kioskClient.call('POST /api/subscriptions/:id/setup-session', { params: { id }, query: { livemode } }),
    onSuccess: (session) => window.location.assign(session.url),
  });
}

/**
 * The wallet step: its calls are sent (`sending`), then the server reads the chain (`confirming`,
 * asked again while MANDATE_PENDING). A failure says at which of the two it stopped: a mandate sent but
 * not seen yet is checked again, never sent twice.
 */
export type MandateStep =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'confirming' }
  | { status: 'done' }
  | { status: 'failed'; stage: 'send' | 'confirm'; message: string };

type MandateEvent =
  | { type: 'send' }
  | { type: 'confirm' }
  | { type: 'done' }
  | { type: 'failed'; message: string }
  | { type: 'reset' };

const initialStep: MandateStep = { status: 'idle' };

export function mandateStepReducer(state: MandateStep, event: MandateEvent): MandateStep {
  switch (event.type) {
    case 'send':
      return state.status === 'idle' || state.status === 'failed' ? { status: 'sending' } : state;
    case 'confirm':
      return state.status === 'sending' || state.status === 'failed' ? { status: 'confirming' } : state;
    case 'done':
      return state.status === 'confirming' ? { status: 'done' } : state;
    case 'failed':
      return state.status === 'sending' || state.status === 'confirming'
        ? { status: 'failed', stage: state.status === 'sending' ? 'send' : 'confirm', message: event.message }
        : state;
    case 'reset':
      return initialStep;
  }
}

/** The customer's words for why the wallet step stopped; the server's own message for its refusals. */
export function mandateErrorText(error: unknown, t: TFunction): string {
  if (isUserRejection(error)) return t('methodChange.error.declined');
  if (error instanceof WrongAccountError) return t('methodChange.error.wrongAccount');
  if (error instanceof NoAccountError) return t('methodChange.error.noAccount');
  if (error instanceof TransactionFailedError) return t('methodChange.error.reverted');
  if (error instanceof MandateNotSeenError) return t('methodChange.error.notSeen');
  return error instanceof Error && error.message ? error.message : t('error.unknown');
}

/**
 * Sends an asked-for mandate from a wallet in this page (from the signed-in customer's account: the
 * server reads the mandate as theirs), then has the server put it in place
 * (`POST /api/subscriptions/{id}/mandate/confirm`); the subscription and its lists are read again.
 */
export function useMandateAuthorisation(subscriptionId: string, livemode: boolean) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const [step, dispatch] = useReducer(mandateStepReducer, initialStep);

  const confirm = async () => {
    dispatch({ type: 'confirm' });
    try {
      let confirmed: Subscription | undefined;
      await confirmMandate(async () => {
        confirmed = await kioskClient.call('POST /api/subscriptions/:id/mandate/confirm', {
          params: { id: subscriptionId },
          query: { livemode },
        });
      });
      const key = modeKey(livemode, 'subscription', subscriptionId);
      if (confirmed) queryClient.setQueryData(key, confirmed);
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscriptions') });
      dispatch({ type: 'done' });
    } catch (error) {
      dispatch({ type: 'failed', message: mandateErrorText(error, t) });
    }
  };

  const authorise = async (instructions: EvmMandateInstructions, provider: Eip1193Provider) => {
    dispatch({ type: 'send' });
    try {
      await sendMandateCalls(provider, instructions, session.data?.user?.did?.split(':').pop());
    } catch (error) {
      dispatch({ type: 'failed', message: mandateErrorText(error, t) });
      return;
    }
    await confirm();
  };

  return { step, authorise, confirmAgain: confirm, reset: () => dispatch({ type: 'reset' }) };
}
