import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice, PaymentCurrency } from '@kiosk/contracts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { InvoiceStatusChip } from './InvoiceStatusChip.tsx';
import { formatInvoiceMoney, type InvoiceLineView } from './invoice-view.ts';

export interface InvoiceDetailsProps {
  invoice: Invoice;
  /** Undefined when no payment method of the mode offers the invoice's currency any more. */
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'> | undefined;
  lines: InvoiceLineView[];
}

/** Label–value rows, a description list for screen readers. */
function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'end', minWidth: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One invoice as its buyer reads it: what it is for, what it costs, what is paid, and when. */
export function InvoiceDetails({ invoice, currency, lines }: InvoiceDetailsProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | bigint) => formatInvoiceMoney(amount, currency, invoice.currency_id);
  const date = (seconds: number) => formatUnixTime(seconds, i18n.language);
  const paidAt = invoice.status_transitions.paid_at;

  const dates: [string, ReactNode][] = [[t('page.invoice.created'), date(invoice.created_at)]];
  if (paidAt !== undefined) dates.push([t('page.invoice.paidAt'), date(paidAt)]);
  if (invoice.period_start !== null && invoice.period_end !== null)
    dates.push([t('page.invoice.period'), `${date(invoice.period_start)} – ${date(invoice.period_end)}`]);
  if (invoice.checkout_session_id)
    dates.push([
      t('page.invoice.checkout'),
      <Link
        component={RouterLink}
        to={`/checkout/pay/${invoice.checkout_session_id}`}
        sx={{ fontFamily: MONOSPACE_FONT, wordBreak: 'break-all' }}
      >
        {invoice.checkout_session_id}
      </Link>,
    ]);

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby="invoice-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id="invoice-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
              {t('page.invoice.title', { number: invoice.number })}
            </Typography>
            <InvoiceStatusChip status={invoice.status} />
            {!invoice.livemode && (
              <Chip label={t('shell.testMode')} color="warning" variant="outlined" size="small" />
            )}
          </Stack>
          {invoice.description && <Typography color="text.secondary">{invoice.description}</Typography>}
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="invoice-total">
            {money(invoice.total)}
          </Typography>
        </Stack>

        {lines.length > 0 && (
          <Box component="section" aria-labelledby="invoice-items">
            <Typography id="invoice-items" component="h2" variant="subtitle2" sx={{ mb: 1 }}>
              {t('page.invoice.items')}
            </Typography>
            <Stack
              component="ul"
              divider={<Divider component="li" />}
              spacing={1}
              sx={{ m: 0, p: 0, listStyle: 'none' }}
            >
              {lines.map((line) => (
                <Stack
                  key={line.priceId}
                  component="li"
                  direction="row"
                  spacing={2}
                  sx={{ alignItems: 'baseline' }}
                >
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{line.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('page.invoice.quantity', { quantity: line.quantity })}
                    </Typography>
                  </Box>
                  {line.amount !== undefined && <Typography>{money(line.amount)}</Typography>}
                </Stack>
              ))}
            </Stack>
          </Box>
        )}

        <Facts
          rows={[
            [t('page.invoice.total'), money(invoice.total)],
            [t('page.invoice.amountPaid'), money(invoice.amount_paid)],
            [t('page.invoice.amountRemaining'), money(invoice.amount_remaining)],
          ]}
        />
        <Divider />
        <Facts rows={dates} />
      </Stack>
    </Paper>
  );
}
