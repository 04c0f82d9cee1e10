import { useEffect, useMemo, useState } from 'react';
import { nowUnix } from '@kiosk/core';
import type { CheckoutEnvelope } from '@kiosk/contracts';
import { initialCurrency, preferredCurrency, rememberCurrency } from './currency-preference.ts';
import { formatMoney } from './format-money.ts';
import { amountIn, orderIn, payableCurrencies } from './order-view.ts';

/**
 * The currencies the order can be paid in, the one chosen (the buyer's pick, else the checkout
 * address's `currencyId`, the buyer's last, the session's), the order in it, each currency's total,
 * and `choose`, which the buyer's pick goes through (and is remembered for their next checkout).
 */
export function useCurrencyChoice(
  envelope: CheckoutEnvelope,
  currencyId: string | undefined,
  buyerDid: string | undefined,
) {
  const session = envelope.checkoutSession;
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
  // A subscription's dates are told from when the page opened: a submit then would set them so.
  const [openedAt] = useState(nowUnix);
  const selectedId =
    chosenCurrency ??
    initialCurrency(
      choices.map((choice) => choice.currency.id),
      [currencyId, preferredCurrency(buyerDid), session.currency_id],
    );
  const selected = choices.find((choice) => choice.currency.id === selectedId);
  const order = selected ? orderIn(session, selected.currency.id, openedAt) : undefined;
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
  const choose = (id: string) => {
    setChosenCurrency(id);
    rememberCurrency(buyerDid, id);
  };
  return { choices, selected, order, totals, choose };
}
