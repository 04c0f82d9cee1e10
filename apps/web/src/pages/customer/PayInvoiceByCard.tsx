import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardMessages } from '@kiosk/core/i18n/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Invoice, PaymentCurrency, PaymentMethod } from '@kiosk/contracts';
import { errorMessage } from '@kiosk/react/ui';
import { useScreenMessages } from '@kiosk/react';
import { kioskClient } from '../../lib/api.ts';
import { modeKey } from '../../lib/query-client.ts';
import { formatInvoiceMoney } from './invoice-view.ts';

// The card form and Stripe.js load only when the customer pays by card.
const CardDialog = lazy(() => import('@kiosk/react/card').then((module) => ({ default: module.CardDialog })));

type Started = Awaited<ReturnType<typeof startPayment>>;

/** `POST /api/invoices/overdue/pay`: the overdue intent in the invoice's currency, opened at the processor. */
function startPayment(invoice: Invoice, livemode: boolean) {
  return kioskClient.call('POST /api/invoices/overdue/pay', {
    query: { livemode },
    body: {
      currency_id: invoice.currency_id,
      ...(invoice.subscription_id
        ? { subscription_id: invoice.subscription_id }
        : { customer_id: invoice.customer_id }),
    },
  });
}

/** The card form asks the postal code and country itself: the portal has no checkout form behind it. */
const NO_FORM = {
  values: {
    customer_name: '',
    customer_email: '',
    customer_phone: '',
    billing_address: { country: '', state: '', city: '', line1: '', line2: '', postal_code: '' },
  },
  shape: { phone: false, address: false, country: false },
};

/**
 * Seed 000 §4, §8: an overdue invoice in a card currency is paid on its own page, by card. Pay opens
 * the overdue payment (what is overdue in the currency, as the past-due page's row would pay) and the
 * card form for it; once the processor confirms it, the payment is named to the server and the page
 * reads the invoice again until it is paid. A renewal the bank wanted the customer to confirm is paid
 * here too, on session, with 3-D Secure.
 */
export function PayInvoiceByCard(props: {
  invoice: Invoice;
  livemode: boolean;
  method: Pick<PaymentMethod, 'settings'>;
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'>;
  /** The server has been told of the payment: the page reads the invoice until it is paid. */
  onPaid: () => void;
}) {
  const { invoice, livemode, currency } = props;
  const { t } = useTranslation();
  useScreenMessages(cardMessages);
  const queryClient = useQueryClient();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [started, setStarted] = useState<Started>();
  const [paid, setPaid] = useState(false);
  const start = useMutation({ mutationFn: () => startPayment(invoice, livemode), onSuccess: setStarted });
  const amount = formatInvoiceMoney(invoice.amount_remaining, currency, invoice.currency_id);
  const context = started?.stripeContext;
  const instructions = started?.paymentInstructions;

  if (paid)
    return (
      <Alert severity="success" role="status">
        {t('portal.invoice.cardPaid')}
      </Alert>
    );
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">{t('portal.invoice.payByCardHint')}</Typography>
      <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending}>
        {t('portal.invoice.payByCard', { amount })}
      </Button>
      {start.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(start.error, t('error.unknown'))}
        </Alert>
      )}
      {context && instructions?.type === 'card' && (
        <Suspense fallback={null}>
          <CardDialog
            open
            method={props.method}
            instructions={instructions}
            amount={formatInvoiceMoney(instructions.amount, currency, invoice.currency_id)}
            currency={currency}
            context={context}
            values={NO_FORM.values}
            shape={NO_FORM.shape}
            fullScreen={phone}
            onClose={() => setStarted(undefined)}
            report={(confirmed) =>
              kioskClient.call('POST /api/payment-intents/:id/pay', {
                params: { id: started.paymentIntent.id },
                query: { livemode },
                body: { tx_hash: confirmed },
              })
            }
            onConfirmed={() => {
              setStarted(undefined);
              setPaid(true);
              props.onPaid();
              // The portal's lists are read again too: the server records the payment.
              void queryClient.invalidateQueries({ queryKey: modeKey(livemode), refetchType: 'all' });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
