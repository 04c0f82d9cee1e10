import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type {
  Charge,
  CheckoutSession,
  Customer,
  EventRecord,
  Invoice,
  PaymentMethod,
  Refund,
} from '@kiosk/contracts';
import {
  DetailItems,
  DetailSection,
  DetailSummary,
  queryError,
  type DetailSummaryRow,
} from '@kiosk/react/ui';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { Code } from './Code.tsx';
import { KNOWN_EVENTS, chargeLink, eventAmount, eventFailure } from './payment-view.ts';
import { awaitsMerchant, RefundTransfer } from './RefundTransfer.tsx';
import { ObjectEventsSection } from '../ObjectEventsSection.tsx';

/** `12 USD` in the amount's own currency, or its smallest units and currency id when that is unknown. */
export type Money = (amount: string | bigint, currencyId: string) => string;

const CHARGE_COLOR = { pending: 'info', succeeded: 'success', failed: 'error' } as const;
const REFUND_COLOR = { pending: 'info', succeeded: 'success', failed: 'error', canceled: 'default' } as const;

type Details = Partial<Record<'name' | 'email' | 'phone', string | null>>;

/**
 * What the order (or else its invoice) recorded is the customer as they were then; without either,
 * the customer as they are now.
 */
export function CustomerSection({
  customerId,
  checkout,
  invoice,
  customer,
}: {
  customerId: string;
  checkout: UseQueryResult<CheckoutSession>;
  invoice: UseQueryResult<Invoice>;
  customer: UseQueryResult<Customer>;
}) {
  const { t } = useTranslation();
  const atCheckout = checkout.data?.customer_details as Details | undefined;
  const kept = invoice.data;
  const onInvoice: Details | undefined =
    kept && (kept.customer_name || kept.customer_email)
      ? { name: kept.customer_name, email: kept.customer_email, phone: kept.customer_phone }
      : undefined;
  const given = atCheckout?.name || atCheckout?.email ? atCheckout : onInvoice;
  const asGiven = given !== undefined;
  const source = asGiven ? given : customer.data;
  const did = checkout.data?.customer_did ?? customer.data?.did;
  const rows: DetailSummaryRow[] = [];
  if (source?.name) rows.push({ label: t('dashboard.payment.name'), value: source.name });
  if (source?.email) rows.push({ label: t('dashboard.payment.email'), value: source.email });
  if (source?.phone) rows.push({ label: t('dashboard.payment.phone'), value: source.phone });
  if (did) rows.push({ label: t('dashboard.payment.did'), value: <Code>{did}</Code> });
  rows.push({ label: t('dashboard.payment.customerId'), value: <Code>{customerId}</Code> });
  const failed = asGiven ? null : (customer.error ?? checkout.error);
  return (
    <DetailSection
      title={t('dashboard.payment.customer')}
      loading={checkout.isLoading || invoice.isLoading || customer.isLoading}
      error={
        failed && {
          message: t('dashboard.payment.customerFailed'),
          onRetry: () => void (customer.error ? customer.refetch() : checkout.refetch()),
          retryLabel: t('dashboard.payment.retry'),
        }
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(asGiven ? 'dashboard.payment.customerAsGiven' : 'dashboard.payment.customerCurrent')}
      </Typography>
      <DetailSummary rows={rows} />
    </DetailSection>
  );
}

/** Each payment named toward this one: what arrived, from whom, and where the rail shows it. */
export function ChargesSection({
  charges,
  methods,
  money,
}: {
  charges: UseQueryResult<{ list: Charge[] }>;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  money: Money;
}) {
  const { t, i18n } = useTranslation();
  const list = charges.data?.list ?? [];
  return (
    <DetailSection
      title={t('dashboard.payment.charges')}
      loading={charges.isPending}
      error={queryError(charges, t('dashboard.payment.chargesFailed'), t('dashboard.payment.retry'))}
      empty={list.length === 0}
      emptyText={t('dashboard.payment.chargesEmpty')}
    >
      <DetailItems
        items={list.map((charge) => {
          const method = methods?.get(charge.payment_method_id);
          const link = chargeLink(charge, method);
          const facts = [
            method?.name,
            charge.payer && t('dashboard.payment.charge.payer', { payer: charge.payer }),
            formatUnixTime(charge.created_at, i18n.language),
            charge.amount_refunded !== '0' &&
              t('dashboard.payment.charge.refunded', {
                amount: money(charge.amount_refunded, charge.currency_id),
              }),
            charge.failure_code && t(`error.${charge.failure_code}`, { defaultValue: charge.failure_code }),
          ];
          return {
            key: charge.id,
            name: (
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={CHARGE_COLOR[charge.status]}
                  label={t(`dashboard.payment.charge.${charge.status}`)}
                />
                {link ? (
                  <Link href={link} target="_blank" rel="noopener noreferrer">
                    <Code>{charge.reference}</Code>
                  </Link>
                ) : (
                  <Code>{charge.reference}</Code>
                )}
              </Stack>
            ),
            detail: facts.filter(Boolean).join(' · '),
            amount: money(charge.amount, charge.currency_id),
          };
        })}
      />
    </DetailSection>
  );
}

export function RefundsSection({
  paymentId,
  refunds,
  money,
}: {
  paymentId: string;
  refunds: UseQueryResult<{ list: Refund[] }>;
  money: Money;
}) {
  const { t, i18n } = useTranslation();
  const list = refunds.data?.list ?? [];
  return (
    <DetailSection
      title={t('dashboard.payment.refunds')}
      loading={refunds.isPending}
      error={queryError(refunds, t('dashboard.payment.refundsFailed'), t('dashboard.payment.retry'))}
      empty={list.length === 0}
      emptyText={t('dashboard.payment.refundsEmpty')}
    >
      <DetailItems
        items={list.map((refund) => {
          const facts = [
            refund.reason && t(`dashboard.refund.reason.${refund.reason}`),
            formatUnixTime(refund.created_at, i18n.language),
            refund.id,
            refund.failure_code && t(`error.${refund.failure_code}`, { defaultValue: refund.failure_code }),
            refund.status === 'pending' && refund.last_attempt_error,
          ];
          return {
            key: refund.id,
            name: (
              <Chip
                size="small"
                variant="outlined"
                color={REFUND_COLOR[refund.status]}
                label={t(`dashboard.payment.refund.${refund.status}`)}
              />
            ),
            detail: facts.filter(Boolean).join(' · '),
            amount: money(refund.amount, refund.currency_id),
          };
        })}
      />
      {list.filter(awaitsMerchant).map((refund) => (
        <RefundTransfer key={refund.id} refund={refund} paymentId={paymentId} money={money} />
      ))}
    </DetailSection>
  );
}

/** The payment's history, oldest first as the kit's timeline reads: the latest page of it. */
export function EventsSection({
  paymentId,
  events,
  money,
}: {
  paymentId: string;
  events: UseQueryResult<{ list: EventRecord[]; count: number }>;
  money: Money;
}) {
  return (
    <ObjectEventsSection
      objectId={paymentId}
      events={events}
      keys="dashboard.payment"
      known={KNOWN_EVENTS}
      describe={(event) => {
        const carried = eventAmount(event);
        return {
          body: [carried && money(carried.amount, carried.currencyId), eventFailure(event), event.object_id]
            .filter(Boolean)
            .join(' · '),
          highlight: event.type.endsWith('failed') || event.type.startsWith('refund.'),
        };
      }}
    />
  );
}
