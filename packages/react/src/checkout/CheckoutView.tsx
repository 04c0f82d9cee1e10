import { useMemo, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { matchLocale } from '@kiosk/core';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { CheckoutEnvelope, CheckoutSession } from '@kiosk/contracts';
import { BitcoinStep } from './bitcoin/BitcoinStep.tsx';
import { CardStep } from './card/CardStep.tsx';
import { CheckoutFrame } from './CheckoutFrame.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import type { CheckoutLayout } from './layouts.ts';
import { formatMoney } from './format-money.ts';
import type { CurrencyChoice, OrderView } from './order-view.ts';
import { isLocked, type PayEvent, type PayState } from './pay-flow.ts';
import { guessCountry } from './payment/countries.ts';
import {
  customerResolver,
  formShapeOf,
  initialValues,
  type CustomerFormValues,
} from './payment/customer-form.ts';
import { PaymentPanel } from './payment/PaymentPanel.tsx';
import { formPurposeOf } from './session-metadata.ts';
import { setupSubscriptionOf } from './setup-subscription.ts';
import type { AmountStatus } from './summary/CustomAmountField.tsx';
import { useBuyer } from './use-buyer.ts';
import { useCrossSellOffer, useSessionEdit, type SessionEdit } from './use-checkout.ts';
import { useCheckoutSubmit } from './use-checkout-submit.ts';
import { useCheckoutToast } from './use-checkout-toast.tsx';
import { useCurrencyChoice } from './use-currency-choice.ts';
import { WalletDialog } from './WalletDialog.tsx';

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

/**
 * The checkout's form state: the order, the buyer's details, the currency, and paying it. The currency
 * is useCurrencyChoice's, sending is useCheckoutSubmit's, the wallet's turn is WalletDialog's,
 * the card's CardStep's and Bitcoin's BitcoinStep's.
 */
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
  const isSetup = session.mode === 'setup';
  const setupSubscription = useMemo(() => setupSubscriptionOf(session), [session]);
  // A setup session sells nothing, so nothing is offered beside it.
  const crossSell = useCrossSellOffer(session.id, !isSetup);
  const { showToast, toast } = useCheckoutToast();
  const locked = isLocked(pay);
  // Seed 000 §5: a typed amount the field refuses (or has not sent yet) is neither named nor paid.
  const [amountStatus, setAmountStatus] = useState<AmountStatus>('settled');
  const { choices, selected, order, totals, choose } = useCurrencyChoice(
    envelope,
    currencyId,
    buyer.customer?.did,
  );

  const shape = formShapeOf(session);
  const form = useForm<CustomerFormValues>({
    mode: 'onTouched',
    values: initialValues(buyer.customer, guessCountry()),
    resetOptions: { keepDirtyValues: true },
    resolver: customerResolver(session, locale, t),
  });
  const { report, onSubmit, submittedAt } = useCheckoutSubmit({
    session,
    layout,
    locale,
    form,
    shape,
    selected,
    locked,
    buyer,
    crossSellShown: Boolean(crossSell.data),
    dispatch,
    showToast,
    onError,
    onCustomerLimited,
  });

  const runEdit = (change: SessionEdit) => edit.mutate(change, { onError: report });

  return (
    <>
      <CheckoutFrame
        layout={layout}
        session={session}
        title={envelope.paymentLink?.name ?? setupSubscription?.name ?? firstProductName(session)}
        goBack={goBack}
        summary={
          <CheckoutSummary
            session={session}
            setupSubscription={setupSubscription}
            order={order}
            selected={selected}
            compact={compact}
            updating={edit.isPending}
            locked={locked}
            crossSell={crossSell.data}
            onEdit={runEdit}
            onAmountStatus={setAmountStatus}
          />
        }
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
            onSelectCurrency={choose}
            total={shownTotal(order, selected, amountStatus)}
            payable={Boolean(order?.payable) && !edit.isPending && amountStatus !== 'invalid'}
            subscriptionTerms={order?.subscription}
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
      <WalletDialog
        session={session}
        pay={pay}
        dispatch={dispatch}
        buyerDid={buyer.customer?.did}
        choices={choices}
        submittedAt={submittedAt}
        testWallet={buyer.testWallet}
      />
      <CardStep session={session} pay={pay} dispatch={dispatch} choices={choices} form={form} />
      <BitcoinStep envelope={envelope} pay={pay} dispatch={dispatch} onRefresh={onRefresh} />
      {toast}
    </>
  );
}

/** What the pay button names: the order's total, once the page shows the amount the order holds. */
function shownTotal(
  order: OrderView | undefined,
  selected: CurrencyChoice | undefined,
  amountStatus: AmountStatus,
): string | undefined {
  return order && selected && amountStatus === 'settled'
    ? formatMoney(order.total, selected.currency)
    : undefined;
}

const firstProductName = (session: CheckoutSession) => session.line_items[0]?.price.product.name ?? '';
