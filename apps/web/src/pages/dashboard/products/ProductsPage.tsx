import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Product } from '@kiosk/contracts';
import { dashboardCatalogMessages } from '@kiosk/core/i18n/dashboard-catalog';
import { useScreenMessages, type DataTableColumn } from '@kiosk/react';
import { ListPage, listStateOf, useListParams } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { usePaymentMethods } from '../payment/use-payment.ts';
import { currencyChoices } from './currency-choices.ts';
import { priceText } from './price-text.ts';
import { ProductDialog } from './ProductDialog.tsx';
import { ActiveChip } from './ProductStatusChip.tsx';
import { PRODUCT_STATUSES, useCatalogChanges, useProductList } from './use-products.ts';

/**
 * `/dashboard/products`: the mode's products with their pricing, active or archived; Add product
 * makes one with its first price and opens it.
 */
export function ProductsPage() {
  useScreenMessages(dashboardCatalogMessages);
  const { t, i18n } = useTranslation();
  const livemode = useLivemode();
  const list = useListParams(useSearchParams(), {
    scope: String(livemode),
    filters: { status: PRODUCT_STATUSES },
  });
  const products = useProductList(livemode, list.page, list.pageSize, list.filters.status);
  const methods = usePaymentMethods(livemode);
  const changes = useCatalogChanges(livemode);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const title = t('catalog.products.title');
  useDocumentTitle(title);

  const pricing = (product: Product) => {
    const active = product.prices.filter((price) => price.active);
    if (active.length === 0)
      return (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('catalog.products.noPrice')}
        </Typography>
      );
    const first = priceText(active[0]!, methods.data, t);
    return active.length === 1
      ? first
      : t('catalog.products.morePrices', { price: first, count: active.length - 1 });
  };

  const columns: DataTableColumn<Product>[] = [
    {
      key: 'name',
      label: t('catalog.products.name'),
      render: (product) => (
        <Stack component="span">
          <span>{product.name}</span>
          {product.description && (
            <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 360 }}>
              {product.description}
            </Typography>
          )}
        </Stack>
      ),
    },
    { key: 'pricing', label: t('catalog.products.pricing'), render: pricing },
    {
      key: 'status',
      label: t('catalog.products.status'),
      render: (product) => <ActiveChip active={product.active} />,
    },
    {
      key: 'created_at',
      label: t('catalog.products.created'),
      render: (product) => formatUnixTime(product.created_at, i18n.language),
    },
  ];

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      {t('catalog.products.add')}
    </Button>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('catalog.products.description')}
        actions={add}
        params={list}
        filters={[
          {
            name: 'status',
            label: t('catalog.products.statusFilter'),
            options: PRODUCT_STATUSES.map((value) => ({ value, label: t(`catalog.products.${value}`) })),
          },
        ]}
        columns={columns}
        getRowKey={(product) => product.id}
        onRowClick={(product) => void navigate(`/dashboard/products/${product.id}`)}
        emptyText={t(livemode ? 'catalog.products.emptyLive' : 'catalog.products.emptyTest')}
        {...listStateOf(products)}
      >
        {adding && (
          <ProductDialog
            kind="add"
            currencies={currencyChoices(methods.data)}
            onSave={(product) => changes.createProduct.mutateAsync(product)}
            onSaved={(product) => void navigate(`/dashboard/products/${product.id}`)}
            onClose={() => setAdding(false)}
          />
        )}
      </ListPage>
    </Container>
  );
}
