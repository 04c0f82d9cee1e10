import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { DataTableColumn } from '@kiosk/react';
import { useScreenMessages } from '@kiosk/react';
import { ListPage, listStateOf, useListParams } from '@kiosk/react/ui';
import type { Subscription } from '@kiosk/contracts';
import { SUBSCRIPTION_STATUSES } from '@kiosk/core';
import { dashboardSubscriptionsMessages } from '@kiosk/core/i18n/dashboard-subscriptions';
import { useCustomersById } from '../../../hooks/use-customers-by-id.ts';
import { useCustomerFilter } from '../customer-filter.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { SubscriptionStatusChip } from '../../customer/SubscriptionStatusChip.tsx';
import { planName } from '../../customer/subscription-view.ts';
import { CustomerCell } from '../CustomerCell.tsx';
import { usePaymentMethods } from '../payment/use-payment.ts';
import { amountPerInterval } from './subscription-money.ts';
import { useMerchantSubscriptions } from './use-subscriptions.ts';

const FILTERS = { status: SUBSCRIPTION_STATUSES };

/**
 * `/dashboard/subscriptions`: the merchant's subscriptions of the current mode, newest first, by status
 * if asked; a row opens its subscription. Switching the mode starts the list over.
 */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  useScreenMessages(dashboardSubscriptionsMessages);
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode), filters: FILTERS });
  const status = list.filters.status;
  const customer = useCustomerFilter(livemode);
  const subscriptions = useMerchantSubscriptions(
    livemode,
    list.page,
    list.pageSize,
    status,
    customer.customerId,
  );
  const methods = usePaymentMethods(livemode);
  const customers = useCustomersById(
    livemode,
    (subscriptions.data?.list ?? []).map((subscription) => subscription.customer_id),
  );
  const title = t('dashboard.subscriptions.title');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const date = (unix: number) => formatUnixTime(unix, i18n.language);

  const columns: DataTableColumn<Subscription>[] = [
    {
      key: 'customer',
      label: t('dashboard.subscriptions.customer'),
      render: (subscription) => {
        const customer = customers.get(subscription.customer_id);
        return <CustomerCell id={subscription.customer_id} name={customer?.name} email={customer?.email} />;
      },
    },
    {
      key: 'plan',
      label: t('dashboard.subscriptions.plan'),
      render: (subscription) => planName(subscription, t),
    },
    {
      key: 'amount',
      label: t('dashboard.subscriptions.amount'),
      align: 'right',
      render: (subscription) => (
        <Box sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {amountPerInterval(subscription, methods.data, t) ?? t('dashboard.subscriptions.priceGone')}
        </Box>
      ),
    },
    {
      key: 'status',
      label: t('dashboard.subscriptions.status'),
      render: (subscription) => <SubscriptionStatusChip status={subscription.status} />,
    },
    {
      key: 'current_period_end',
      label: t('dashboard.subscriptions.periodEnd'),
      render: (subscription) => date(subscription.current_period_end),
    },
    {
      key: 'created_at',
      label: t('dashboard.subscriptions.created'),
      render: (subscription) => date(subscription.created_at),
    },
  ];

  let emptyText = t(livemode ? 'dashboard.subscriptions.emptyLive' : 'dashboard.subscriptions.emptyTest');
  if (status)
    emptyText = t('dashboard.subscriptions.emptyFiltered', {
      status: t(`portal.subscription.status.${status}`),
    });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('dashboard.subscriptions.description')}
        notice={customer.notice}
        params={list}
        filters={[
          {
            name: 'status',
            label: t('dashboard.subscriptions.statusFilter'),
            options: SUBSCRIPTION_STATUSES.map((value) => ({
              value,
              label: t(`portal.subscription.status.${value}`),
            })),
          },
        ]}
        columns={columns}
        getRowKey={(subscription) => subscription.id}
        onRowClick={(subscription) => void navigate(`/dashboard/subscriptions/${subscription.id}`)}
        emptyText={emptyText}
        {...listStateOf(subscriptions)}
      />
    </Container>
  );
}
