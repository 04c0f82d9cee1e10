import { Suspense, useEffect, useState, type Dispatch } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutSession } from '@kiosk/contracts';
import { formatMoney } from '../format-money.ts';
import type { CurrencyChoice } from '../order-view.ts';
import type { CardContext, CardInstructions, PayEvent, PayState } from '../pay-flow.ts';
import { CheckoutCardDialog } from './lazy-card-dialog.ts';
import { formShapeOf, type CustomerFormValues } from '../payment/customer-form.ts';

/** Seed 000 §4: the card form opens 200 ms after the submit answers (its code loads meanwhile). */
export const CARD_FORM_DELAY_MS = 200;

export interface CardStepProps {
  session: CheckoutSession;
  pay: PayState;
  dispatch: Dispatch<PayEvent>;
  choices: CurrencyChoice[];
  /** The form the buyer submitted: the card's billing details are its details. */
  form: UseFormReturn<CustomerFormValues>;
}

/** The card's turn of the pay flow: the card form, until the processor confirms the payment. */
export function CardStep({ session, pay, dispatch, choices, form }: CardStepProps) {
  const card = pay.step === 'card' ? pay : undefined;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [due, setDue] = useState<CardContext>();
  useEffect(() => {
    if (!card) return;
    const timer = setTimeout(() => setDue(card.context), CARD_FORM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [card]);
  if (!card) return null;
  const { instructions } = card;
  const choice = choices.find((option) => option.currency.id === instructions.currency_id);
  const currency = choice?.currency ?? cardCurrency(instructions);
  // A subscription's card is saved for each cycle's price; a one-time order's pays its total now.
  const amount = instructions.type === 'card' ? instructions.amount : instructions.max_per_cycle;
  return (
    <Suspense fallback={null}>
      <CheckoutCardDialog
        open={due === card.context}
        sessionId={session.id}
        session={session}
        instructions={instructions}
        method={choice?.method}
        amount={formatMoney(amount, currency)}
        currency={currency}
        context={card.context}
        values={form.getValues()}
        shape={formShapeOf(session)}
        fullScreen={phone}
        onClose={() => dispatch({ type: 'dialogClosed' })}
        onConfirmed={() => dispatch({ type: 'sent', now: Date.now() })}
      />
    </Suspense>
  );
}

/** The instructions' currency, shown to its minor units, when the page's list lacks it. */
const cardCurrency = ({ decimal, symbol }: CardInstructions) => ({
  decimal,
  symbol,
  maximum_precision: decimal,
});
