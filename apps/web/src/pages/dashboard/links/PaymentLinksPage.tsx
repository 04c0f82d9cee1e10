import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { PaymentLink } from '@kiosk/contracts';
import { dashboardCatalogMessages } from '@kiosk/core/i18n/dashboard-catalog';
import { dashboardLinksMessages } from '@kiosk/core/i18n/dashboard-links';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import { CopyButton, ListPage, listStateOf, useListParams } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { usePaymentMethods } from '../payment/use-payment.ts';
import { ActiveChip } from '../products/ProductStatusChip.tsx';
import { usePriceChoices } from '../products/use-products.ts';
import { choiceLabel } from '../products/price-text.ts';
import { lineLabel } from './link-view.ts';
import { PaymentLinkDialog } from './PaymentLinkDialog.tsx';
import { usePaymentLinkChanges, usePaymentLinks } from './use-payment-links.ts';

/** `/dashboard/payment-links`: the mode's links, what each sells, copy its address; New makes one. */
export function PaymentLinksPage() {
  useScreenMessages(dashboardCatalogMessages);
  useScreenMessages(dashboardLinksMessages);
  const { t, i18n } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), { scope: String(livemode) });
  const links = usePaymentLinks(livemode, list.page, list.pageSize);
  const choices = usePriceChoices(livemode);
  const methods = usePaymentMethods(livemode);
  const changes = usePaymentLinkChanges(livemode);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const title = t('catalog.links.title');
  useDocumentTitle(title);
  const prices = new Map((choices.data ?? []).map((choice) => [choice.price.id, choice]));

  const columns: DataTableColumn<PaymentLink>[] = [
    {
      key: 'name',
      label: t('catalog.links.name'),
      render: (link) =>
        link.name ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('catalog.links.unnamed')}
          </Typography>
        ),
    },
    {
      key: 'items',
      label: t('catalog.links.items'),
      render: (link) =>
        link.line_items.length === 1
          ? lineLabel(link.line_items[0]!, prices, methods.data, t)
          : t('catalog.links.itemCount', { count: link.line_items.length }),
    },
    {
      key: 'status',
      label: t('catalog.links.status'),
      render: (link) => (
        <ActiveChip
          active={link.active}
          activeKey="catalog.links.active"
          inactiveKey="catalog.links.inactive"
        />
      ),
    },
    {
      key: 'url',
      label: t('catalog.links.url'),
      // A click on Copy copies; it does not open the row.
      render: (link) => (
        <span onClick={(event) => event.stopPropagation()}>
          <CopyButton
            value={link.url}
            label={t('catalog.links.copy')}
            variant="text"
            copiedText={t('catalog.links.copied')}
          />
        </span>
      ),
    },
    {
      key: 'created_at',
      label: t('catalog.links.created'),
      render: (link) => formatUnixTime(link.created_at, i18n.language),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('catalog.links.description')}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            disabled={!choices.data}
          >
            {t('catalog.links.add')}
          </Button>
        }
        params={list}
        columns={columns}
        getRowKey={(link) => link.id}
        onRowClick={(link) => void navigate(`/dashboard/payment-links/${link.id}`)}
        emptyText={t(livemode ? 'catalog.links.emptyLive' : 'catalog.links.emptyTest')}
        {...listStateOf(links)}
      >
        {adding && choices.data && (
          <PaymentLinkDialog
            choices={choices.data.map((choice) => ({
              value: choice,
              label: choiceLabel(choice, methods.data, t),
            }))}
            onCreate={(link) => changes.create.mutateAsync(link)}
            onClose={() => setAdding(false)}
          />
        )}
      </ListPage>
    </Container>
  );
}
