import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { dashboardCustomersMessages } from '@kiosk/core/i18n/dashboard-customers';
import type { Customer } from '@kiosk/contracts';
import { useScreenMessages } from '@kiosk/react';
import { DetailFrame, type DetailSummaryRow } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { recordProblem } from '../record-problem.ts';
import { formatInvoiceMoney } from '../../customer/invoice-view.ts';
import { Code } from '../payment/Code.tsx';
import type { Money } from '../payment/PaymentSections.tsx';
import { currencyIn } from '../payment/payment-view.ts';
import { usePaymentMethods } from '../payment/use-payment.ts';
import {
  BalanceSection,
  CustomerInvoicesSection,
  CustomerPaymentsSection,
  CustomerSubscriptionsSection,
} from './CustomerSections.tsx';
import { CustomerTestClockDialog, TEST_CLOCKS_PAGE } from './CustomerTestClockDialog.tsx';
import { clockLabel, useCustomerTestClock, useTestClockChoices } from './use-customer-test-clock.ts';
import { useCustomerWithSummary } from './use-customers.ts';

const BACK = '/dashboard/customers';

/** `Line 1, Line 2, City, State 12345, CN`: the parts given, in the order a label is written. */
function addressText(address: Customer['address']): string {
  const { line1, line2, city, state, postal_code, country } = address;
  return [line1, line2, city, [state, postal_code].filter(Boolean).join(' '), country]
    .filter(Boolean)
    .join(', ');
}

/**
 * `/dashboard/customers/{cus_…}`: one customer of the current mode (issue 23 item 1): who they are,
 * what they have paid, owe and owe past due per currency, and their latest payments, subscriptions
 * and invoices, each leading to its own page.
 */
export function CustomerDetailPage() {
  useScreenMessages(dashboardCustomersMessages);
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const customer = useCustomerWithSummary(id, livemode);
  const methods = usePaymentMethods(livemode);
  const money: Money = (amount, currencyId) =>
    formatInvoiceMoney(amount, currencyIn(methods.data, currencyId), currencyId);
  const name = customer.data && (customer.data.name ?? customer.data.email ?? customer.data.id);
  useDocumentTitle(name ?? t('dashboard.customers.title'));
  const back = { to: BACK, label: t('dashboard.customers.back') };

  if (!customer.data || methods.isPending) {
    const problem = recordProblem(customer, {
      notFoundTitle: t('dashboard.customers.notFound.title'),
      notFoundDescription: t(
        livemode ? 'dashboard.customers.notFound.live' : 'dashboard.customers.notFound.test',
        { id },
      ),
      loadFailed: t('dashboard.customers.loadFailed'),
      retry: t('dashboard.customers.retry'),
    });
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('dashboard.customers.loading')}
          problem={problem}
        />
      </Container>
    );
  }

  const { data } = customer;
  const rows: DetailSummaryRow[] = [];
  if (data.email) rows.push({ label: t('dashboard.customers.email'), value: data.email });
  if (data.phone) rows.push({ label: t('dashboard.customers.phone'), value: data.phone });
  const address = addressText(data.address);
  if (address) rows.push({ label: t('dashboard.customers.address'), value: address });
  rows.push(
    { label: t('dashboard.customers.did'), value: <Code>{data.did}</Code> },
    { label: t('dashboard.customers.created'), value: formatUnixTime(data.created_at, i18n.language) },
    { label: t('dashboard.customers.id'), value: <Code>{data.id}</Code> },
  );
  // Test clocks exist in test mode only: live mode neither shows the row nor asks for clocks.
  if (!livemode)
    rows.push({
      label: t('dashboard.customers.testClock'),
      value: (
        <TestClockValue
          customerId={data.id}
          customerName={name ?? data.id}
          current={data.test_clock}
          livemode={livemode}
        />
      ),
    });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <DetailFrame
        back={back}
        linkComponent={RouterLink}
        title={data.name ?? t('dashboard.customers.noName')}
        summary={[rows]}
      >
        <BalanceSection customerId={data.id} summary={data.summary} money={money} />
        <CustomerPaymentsSection customerId={data.id} money={money} />
        <CustomerSubscriptionsSection customerId={data.id} money={money} />
        <CustomerInvoicesSection customerId={data.id} money={money} />
      </DetailFrame>
    </Container>
  );
}

interface TestClockValueProps {
  customerId: string;
  customerName: string;
  current: string | null;
  livemode: boolean;
}

/** The test clock the customer is on (linking to the clocks), or None; Change moves it. */
function TestClockValue({ customerId, customerName, current, livemode }: TestClockValueProps) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const clocks = useTestClockChoices();
  const change = useCustomerTestClock(customerId, livemode);
  const clock = current ? clocks.data?.list.find((c) => c.id === current) : undefined;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
    >
      {current ? (
        <Link component={RouterLink} to={TEST_CLOCKS_PAGE}>
          {clock ? clockLabel(clock) : current}
        </Link>
      ) : (
        <span>{t('dashboard.customers.testClockNone')}</span>
      )}
      <Button
        size="small"
        onClick={() => setChanging(true)}
        aria-label={t('dashboard.customers.testClockChangeNamed', { name: customerName })}
      >
        {t('dashboard.customers.testClockChange')}
      </Button>
      {changing && (
        <CustomerTestClockDialog
          customerName={customerName}
          current={current}
          onSave={(testClock) => change.mutateAsync(testClock)}
          onClose={() => setChanging(false)}
        />
      )}
    </Stack>
  );
}
