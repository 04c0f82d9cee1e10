import { Suspense, lazy, useEffect, useMemo, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { matchLocale, nowUnix } from '@kiosk/core';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ApiError } from '@kiosk/sdk';
import type { CheckoutEnvelope, MyCustomer } from '@kiosk/contracts';
import { emitCheckoutError } from './checkout-events.ts';
import { CheckoutFrame } from './CheckoutFrame.tsx';
import { isMinimal, type CheckoutLayout } from './layouts.ts';
import { initialCurrency, preferredCurrency, rememberCurrency } from './currency-preference.ts';
import { checkoutErrorText } from './error-text.ts';
import { formatMoney } from './format-money.ts';
import { amountIn, orderIn, payableCurrencies } from './order-view.ts';
import { isLocked, type PayEvent, type PayState, type WalletRequest } from './pay-flow.ts';
import { guessCountry } from './payment/countries.ts';
import {
  customerResolver,
  detailsComplete,
  detailsToSubmit,
  formFieldOf,
  formShapeOf,
  initialValues,
  isFormField,
  type CustomerFormValues,
} from './payment/customer-form.ts';
import { PaymentPanel } from './payment/PaymentPanel.tsx';
import { formPurposeOf } from './session-metadata.ts';
import { setupSubscriptionOf } from './setup-subscription.ts';
import { OrderSummary } from './summary/OrderSummary.tsx';
import { SetupSummary } from './summary/SetupSummary.tsx';
import { useBuyer } from './use-buyer.ts';
import { useCrossSellOffer, useSessionEdit, useSubmitCheckout, type SessionEdit } from './use-checkout.ts';

// The wallet dialog, its QR code and the wallet code load when the buyer pays.
const PayDialog = lazy(() =>
  import('./payment/PayDialog.tsx').then((module) => ({ default: module.PayDialog })),
);
// A subscription's or a setup session's: what the customer allows, and the wallet that signs it.
const AuthoriseDialog = lazy(() =>
  import('./payment/AuthoriseDialog.tsx').then((module) => ({ default: module.AuthoriseDialog })),
);
// The toast's code loads with the first refusal it says.
const CheckoutToast = lazy(() =>
  import('./states/CheckoutToast.tsx').then((module) => ({ default: module.CheckoutToast })),
);

export interface CheckoutViewProps {
  envelope: CheckoutEnvelope;
  layout: CheckoutLayout;
  /** The `currencyId` of the checkout address: the buyer's first choice. */
  currencyId?: string;
  pay: PayState;
  dispatch: Dispatch<PayEvent>;
  onRefresh: () => void;
  onCancel?: () => void;
  goBack?: () => void;
  onError?: (error: unknown) => void;
  /** Seed 000 §8: a submit refused CUSTOMER_LIMITED (no toast); `retry` sends the form again. */
  onCustomerLimited?: (retry: () => void) => void;
}

/** The checkout's form state: the order, the buyer's details, the currency, and paying it. */
export function CheckoutView({
  envelope,
  layout,
  currencyId,
  pay,
  dispatch,
  onRefresh,
  onCancel,
  goBack,
  onError,
  onCustomerLimited,
}: CheckoutViewProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const session = envelope.checkoutSession;
  const locale = matchLocale(i18n.language) ?? 'en';
  const buyer = useBuyer(session.livemode);
  const edit = useSessionEdit(session.id);
  const submit = useSubmitCheckout(session.id);
  const isSetup = session.mode === 'setup';
  const setupSubscription = useMemo(() => setupSubscriptionOf(session), [session]);
  // A setup session sells nothing, so nothing is offered beside it.
  const crossSell = useCrossSellOffer(session.id, !isSetup);
  const [toast, setToast] = useState<string | null>(null);
  // Mounted from the first toast on (so it can fade out); its code loads then.
  const [toastUsed, setToastUsed] = useState(false);
  if (toast !== null && !toastUsed) setToastUsed(true);
  const locked = isLocked(pay);
  // When the last submit answered: the trial the customer is shown runs from then.
  const [submittedAt, setSubmittedAt] = useState(0);

  // The session's answer carries its mode's active payment methods (what GET /api/settings would say),
  // so the currencies, and the pay button, are ready with the order: no request after it to wait for.
  const choices = useMemo(
    () => payableCurrencies(envelope.paymentMethods, session),
    [envelope.paymentMethods, session],
  );
  const unpayable = choices.length === 0;
  useEffect(() => {
    // The buyer sees the seed's words; the developer setting the checkout up needs the currency.
    if (unpayable)
      console.warn(
        `Kiosk checkout ${session.id}: no active payment method offers ${session.currency_id} ` +
          "for every line (check the payment methods and the prices' currency_options)",
      );
  }, [unpayable, session.id, session.currency_id]);
  const [chosenCurrency, setChosenCurrency] = useState<string>();
  const selectedId =
    chosenCurrency ??
    initialCurrency(
      choices.map((choice) => choice.currency.id),
      [currencyId, preferredCurrency(buyer.customer?.did), session.currency_id],
    );
  const selected = choices.find((choice) => choice.currency.id === selectedId);
  const order = selected ? orderIn(session, selected.currency.id) : undefined;
  const totals = useMemo(
    () =>
      Object.fromEntries(
        choices.flatMap(({ currency }) => {
          const amount = amountIn(session, currency.id);
          return amount === undefined ? [] : [[currency.id, formatMoney(amount, currency)]];
        }),
      ),
    [choices, session],
  );

  const shape = formShapeOf(session);
  const form = useForm<CustomerFormValues>({
    mode: 'onTouched',
    values: initialValues(buyer.customer, guessCountry()),
    resetOptions: { keepDirtyValues: true },
    resolver: customerResolver(session, locale, t),
  });

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
      if (error.code === 'REQUIRE_CROSS_SELL' && !isMinimal(layout) && crossSell.data) return;
    }
    setToast(checkoutErrorText(error, t));
  };

  const runEdit = (change: SessionEdit) => edit.mutate(change, { onError: report });

  const sendForm = async (values: CustomerFormValues) => {
    if (!selected) return;
    dispatch({ type: 'submit' });
    try {
      const answer = await submit.mutateAsync({
        ...detailsToSubmit(values, shape),
        payment_method: selected.method.id,
        payment_currency: selected.currency.id,
      });
      // A one-time order is paid now; a subscription's (or a setup session's) wallet authorises its
      // cycles once instead.
      const instructions = answer.paymentInstructions ?? answer.mandateInstructions;
      if (!instructions) {
        dispatch({ type: 'submitFailed' });
        setToast(t('error.CHECKOUT_MODE_NOT_SUPPORTED', { mode: session.mode }));
        return;
      }
      setSubmittedAt(nowUnix());
      dispatch({ type: 'submitted', instructions });
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
    // Seed 000 §6: anonymous buyers connect first; then their details are fetched and the form sent.
    if (!buyer.canSignIn) {
      setToast(t('error.UNAUTHENTICATED'));
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

  const instructions: WalletRequest | undefined = 'instructions' in pay ? pay.instructions : undefined;
  const payingCurrency = choices.find((choice) => choice.currency.id === instructions?.currency_id)?.currency;

  const summary = isSetup
    ? selected && <SetupSummary subscription={setupSubscription} currency={selected.currency} />
    : order &&
      selected && (
        <OrderSummary
          order={order}
          currency={selected.currency}
          compact={compact}
          updating={edit.isPending}
          locked={locked}
          crossSell={crossSell.data}
          crossSellRequired={session.cross_sell_behavior === 'required'}
          onEdit={runEdit}
        />
      );

  return (
    <>
      <CheckoutFrame
        layout={layout}
        session={session}
        title={
          envelope.paymentLink?.name ??
          setupSubscription?.name ??
          session.line_items[0]?.price.product.name ??
          ''
        }
        goBack={goBack}
        summary={summary}
        payment={
          <PaymentPanel
            session={session}
            form={form}
            shape={shape}
            identified={buyer.identified}
            purpose={formPurposeOf(session, locale)}
            choices={choices}
            selectedId={selected?.currency.id}
            totals={totals}
            onSelectCurrency={(id) => {
              setChosenCurrency(id);
              rememberCurrency(buyer.customer?.did, id);
            }}
            total={order && selected ? formatMoney(order.total, selected.currency) : undefined}
            payable={Boolean(order?.payable) && !edit.isPending}
            pay={pay}
            fixedSubmit={compact && layout.startsWith('standalone')}
            onSubmit={() => void onSubmit()}
            onCheckAgain={() => {
              dispatch({ type: 'checkAgain', now: Date.now() });
              onRefresh();
            }}
            onCancel={onCancel}
          />
        }
      />
      {pay.step === 'wallet' && buyer.customer && payingCurrency && (
        <Suspense fallback={null}>
          <PayDialog
            open
            action={session.mode}
            checkoutSessionId={session.id}
            buyerDid={buyer.customer.did}
            instructions={pay.instructions}
            currency={payingCurrency}
            testMode={!session.livemode && buyer.testWallet}
            onClose={() => dispatch({ type: 'walletClosed' })}
            onSent={() => dispatch({ type: 'sent', now: Date.now() })}
          />
        </Suspense>
      )}
      {pay.step === 'authorise' && buyer.customer && payingCurrency && (
        <Suspense fallback={null}>
          <AuthoriseDialog
            session={session}
            buyerDid={buyer.customer.did}
            instructions={pay.instructions}
            currency={payingCurrency}
            now={submittedAt}
            testMode={!session.livemode && buyer.testWallet}
            onClose={() => dispatch({ type: 'walletClosed' })}
            onAuthorised={() => dispatch({ type: 'sent', now: Date.now() })}
          />
        </Suspense>
      )}
      {toastUsed && (
        <Suspense fallback={null}>
          <CheckoutToast message={toast} onClose={() => setToast(null)} />
        </Suspense>
      )}
    </>
  );
}
