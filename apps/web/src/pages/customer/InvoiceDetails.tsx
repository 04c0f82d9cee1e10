import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DetailFrame, DetailItems, DetailSection, type DetailSummaryRow } from '@kiosk/react/ui';
import type { Invoice, PaymentCurrency } from '@kiosk/contracts';
import { InvoicePdfLink } from '../../components/InvoicePdfLink.tsx';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { InvoiceStatusChip } from './InvoiceStatusChip.tsx';
import { formatInvoiceMoney, type InvoiceLineView } from './invoice-view.ts';
import { PortalModeChip } from './PortalModeChip.tsx';

export interface InvoiceDetailsProps {
  invoice: Invoice;
  /** Undefined when no payment method of the mode offers the invoice's currency any more. */
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision' | 'symbol'> | undefined;
  lines: InvoiceLineView[];
  /** Above the invoice: what the buyer must do first (pay it, when it is owed). */
  notices?: ReactNode;
}

/** One invoice as its buyer reads it: what it is for, what it costs, what is paid, and when. */
export function InvoiceDetails({ invoice, currency, lines, notices }: InvoiceDetailsProps) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | bigint) => formatInvoiceMoney(amount, currency, invoice.currency_id);
  const date = (seconds: number) => formatUnixTime(seconds, i18n.language);
  const paidAt = invoice.status_transitions.paid_at;

  const dates: DetailSummaryRow[] = [{ label: t('page.invoice.created'), value: date(invoice.created_at) }];
  if (paidAt !== undefined) dates.push({ label: t('page.invoice.paidAt'), value: date(paidAt) });
  if (invoice.period_start !== null && invoice.period_end !== null)
    dates.push({
      label: t('page.invoice.period'),
      value: `${date(invoice.period_start)} – ${date(invoice.period_end)}`,
    });
  if (invoice.checkout_session_id)
    dates.push({
      label: t('page.invoice.checkout'),
      value: (
        <Link
          component={RouterLink}
          to={`/checkout/pay/${invoice.checkout_session_id}`}
          sx={{ fontFamily: MONOSPACE_FONT, wordBreak: 'break-all' }}
        >
          {invoice.checkout_session_id}
        </Link>
      ),
    });

  return (
    <DetailFrame
      title={t('page.invoice.title', { number: invoice.number })}
      status={
        <>
          <InvoiceStatusChip status={invoice.status} />
          <PortalModeChip livemode={invoice.livemode} />
        </>
      }
      subtitle={
        <>
          {invoice.description && <Typography color="text.secondary">{invoice.description}</Typography>}
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="invoice-total">
            {money(invoice.total)}
          </Typography>
        </>
      }
      actions={<InvoicePdfLink invoice={invoice} />}
      notices={notices}
      body={
        lines.length > 0 && (
          <DetailSection title={t('page.invoice.items')} titleVariant="subtitle2">
            <DetailItems
              items={lines.map((line) => ({
                key: line.priceId,
                name: line.name,
                detail: t('page.invoice.quantity', { quantity: line.quantity }),
                amount: line.amount === undefined ? undefined : money(line.amount),
              }))}
            />
          </DetailSection>
        )
      }
      summary={[
        [
          { label: t('page.invoice.total'), value: money(invoice.total) },
          { label: t('page.invoice.amountPaid'), value: money(invoice.amount_paid) },
          { label: t('page.invoice.amountRemaining'), value: money(invoice.amount_remaining) },
        ],
        dates,
      ]}
    />
  );
}
