import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { nowUnix, type Locale } from '@kiosk/core';
import { ApiError } from '@kiosk/sdk';
import type { CheckoutSession, MyCustomer } from '@kiosk/contracts';
import { emitCheckoutError } from './checkout-events.ts';
import { checkoutErrorText } from './error-text.ts';
import { isDonation } from './donation.ts';
import { isMinimal, type CheckoutLayout } from './layouts.ts';
import type { CurrencyChoice } from './order-view.ts';
import type { PayEvent } from './pay-flow.ts';
import {
  detailsComplete,
  detailsToSubmit,
  formFieldOf,
  initialValues,
  isFormField,
  type CustomerFormValues,
  type FormShape,
} from './payment/customer-form.ts';
import type { useBuyer } from './use-buyer.ts';
import { useSubmitCheckout } from './use-checkout.ts';

export interface CheckoutSubmitOptions {
  session: CheckoutSession;
  layout: CheckoutLayout;
  locale: Locale;
  form: UseFormReturn<CustomerFormValues>;
  shape: FormShape;
  /** The currency the buyer pays in; without one nothing is sent. */
  selected: CurrencyChoice | undefined;
  /** A payment on its way (or not yet confirmed): the pay flow's `isLocked`. */
  locked: boolean;
  buyer: ReturnType<typeof useBuyer>;
  /** A cross-sell is shown beside the order (its area says a required one is missing). */
  crossSellShown: boolean;
  dispatch: Dispatch<PayEvent>;
  showToast: (message: string) => void;
  onError?: ((error: unknown) => void) | undefined;
  onCustomerLimited?: ((retry: () => void) => void) | undefined;
}

/**
 * Sending the checkout: `onSubmit` signs an anonymous buyer in first, sends the form and hands the
 * answer's wallet instructions to the pay flow; `report` says a refusal where it belongs (on the
 * form's fields, the cross-sell's area, or a toast). `submittedAt` is when the last submit answered.
 */
export function useCheckoutSubmit({
  session,
  layout,
  locale,
  form,
  shape,
  selected,
  locked,
  buyer,
  crossSellShown,
  dispatch,
  showToast,
  onError,
  onCustomerLimited,
}: CheckoutSubmitOptions) {
  const { t } = useTranslation();
  const submit = useSubmitCheckout(session.id, isDonation(session));
  // When the last submit answered: the trial the customer is shown runs from then.
  const [submittedAt, setSubmittedAt] = useState(0);

  const report = (error: unknown) => {
    onError?.(error);
    if (error instanceof ApiError) {
      const fieldProblems = error.details.filter(({ path }) => isFormField(formFieldOf(path)));
      if (
        error.code === 'VALIDATION_FAILED' &&
        fieldProblems.length === error.details.length &&
        fieldProblems.length
      ) {
        for (const { path, message } of fieldProblems)
          form.setError(formFieldOf(path) as keyof CustomerFormValues, { type: 'server', message });
        return;
      }
      emitCheckoutError(error.code, error.message);
      // Seed 000 §8: a required cross-sell shakes its area, which says so itself.
      // Without the summary (minimal layouts) or an offer there is no area to shake: a toast says it.
      if (error.code === 'REQUIRE_CROSS_SELL' && !isMinimal(layout) && crossSellShown) return;
    }
    showToast(checkoutErrorText(error, t));
  };

  const sendForm = async (values: CustomerFormValues) => {
    if (!selected) return;
    dispatch({ type: 'submit' });
    try {
      const answer = await submit.mutateAsync({
        ...detailsToSubmit(values, shape),
        payment_method: selected.method.id,
        payment_currency: selected.currency.id,
      });
      // A one-time order is paid now (by a wallet's transfer or a card); a subscription's (or a setup
      // session's) wallet authorises its cycles once instead.
      const instructions = answer.paymentInstructions ?? answer.mandateInstructions;
      if (!instructions) {
        dispatch({ type: 'submitFailed' });
        showToast(t('error.CHECKOUT_MODE_NOT_SUPPORTED', { mode: session.mode }));
        return;
      }
      setSubmittedAt(nowUnix());
      if (instructions.type !== 'card' && instructions.type !== 'card_mandate') {
        dispatch({ type: 'submitted', instructions });
        return;
      }
      // A card's payment is confirmed with what the processor answered for it (seed 000 §7).
      if (!answer.stripeContext) {
        dispatch({ type: 'submitFailed' });
        showToast(checkoutErrorText(undefined, t));
        return;
      }
      // sendForm runs when the form is sent, never while rendering.
      // eslint-disable-next-line react-hooks/purity
      dispatch({ type: 'cardSubmitted', instructions, context: answer.stripeContext, now: Date.now() });
    } catch (error) {
      dispatch({ type: 'submitFailed' });
      if (error instanceof ApiError && error.code === 'CUSTOMER_LIMITED' && onCustomerLimited) {
        onError?.(error);
        emitCheckoutError(error.code, error.message);
        onCustomerLimited(() => void form.handleSubmit(sendForm)());
        return;
      }
      report(error);
    }
  };

  const onSubmit = async () => {
    // A payment on its way (or not yet confirmed) is not sent again.
    if (locked) return;
    if (buyer.identified) {
      await form.handleSubmit(sendForm)();
      return;
    }
    // Seed 000 §6: a donation may be given without signing in, and asks for no details then.
    if (isDonation(session)) {
      await sendForm(form.getValues());
      return;
    }
    // Seed 000 §6: anonymous buyers connect first; then their details are fetched and the form sent.
    if (!buyer.canSignIn) {
      showToast(t('error.UNAUTHENTICATED'));
      return;
    }
    const customer: MyCustomer | undefined = await buyer.signIn();
    if (!customer) return;
    // The details go out as fetched, not through the form: the form resets again when the record
    // reaches it, and a reset cancels a submit in flight. Incomplete details wait in the form for the
    // buyer, marked wrong only once they act.
    const values = initialValues(customer, form.getValues('billing_address.country'));
    form.reset(values);
    if (await detailsComplete(values, session, locale)) await sendForm(values);
  };

  return { report, onSubmit, submittedAt };
}
