import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { dashboardCustomersMessages } from '@kiosk/core/i18n/dashboard-customers';
import type { Customer } from '@kiosk/contracts';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import { ListPage, listStateOf, shortDid, useListParams } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { Code } from '../payment/Code.tsx';
import { useCustomerList } from './use-customers.ts';

/**
 * `/dashboard/customers`: the mode's customers, newest first, searched by a part of their name, email
 * or DID (issue 23 item 1). A row opens the customer's page. Switching the mode starts the list over.
 */
export function CustomersPage() {
  useScreenMessages(dashboardCustomersMessages);
  const { t, i18n } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode) });
  const customers = useCustomerList(livemode, list.page, list.pageSize, list.search.trim());
  const title = t('dashboard.customers.title');
  useDocumentTitle(title);
  const navigate = useNavigate();

  const columns: DataTableColumn<Customer>[] = [
    {
      key: 'name',
      label: t('dashboard.customers.name'),
      render: (customer) =>
        customer.name ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('dashboard.customers.noName')}
          </Typography>
        ),
    },
    { key: 'email', label: t('dashboard.customers.email'), render: (customer) => customer.email ?? '' },
    {
      key: 'did',
      label: t('dashboard.customers.did'),
      // Its ends are what a merchant compares; the whole DID is on the customer's page and in a hover.
      render: (customer) => (
        <Code>
          <span title={customer.did}>{shortDid(customer.did)}</span>
        </Code>
      ),
    },
    {
      key: 'created_at',
      label: t('dashboard.customers.created'),
      render: (customer) => formatUnixTime(customer.created_at, i18n.language),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('dashboard.customers.description')}
        params={list}
        searchable
        columns={columns}
        getRowKey={(customer) => customer.id}
        onRowClick={(customer) => void navigate(`/dashboard/customers/${customer.id}`)}
        emptyText={
          list.search
            ? t('dashboard.customers.noMatch', { search: list.search })
            : t(livemode ? 'dashboard.customers.emptyLive' : 'dashboard.customers.emptyTest')
        }
        {...listStateOf(customers)}
      />
    </Container>
  );
}
