import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { PaymentMethod, PriceFields, Product } from '@kiosk/contracts';
import { dashboardCatalogMessages } from '@kiosk/core/i18n/dashboard-catalog';
import { useScreenMessages } from '@kiosk/react';
import { ConfirmDialog, DetailFrame, DetailItems, DetailSection } from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { Code } from '../payment/Code.tsx';
import { usePaymentMethods } from '../payment/use-payment.ts';
import { recordProblem } from '../record-problem.ts';
import { currencyChoices } from './currency-choices.ts';
import { upsellChoices } from './price-edit-form.ts';
import { PriceRowAction } from './PriceRowAction.tsx';
import { choiceLabel, priceText } from './price-text.ts';
import { ProductDialog } from './ProductDialog.tsx';
import { ActiveChip } from './ProductStatusChip.tsx';
import { useCatalogChanges, usePriceChoices, useProduct, type ProductChange } from './use-products.ts';

const BACK = '/dashboard/products';

/**
 * `/dashboard/products/{prod_…}`: one product of the mode, its prices (each edited, archived or
 * restored on its own), and Edit, Add price, and Archive or Restore for the product.
 */
export function ProductDetailPage() {
  useScreenMessages(dashboardCatalogMessages);
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const product = useProduct(id, livemode);
  const methods = usePaymentMethods(livemode);
  useDocumentTitle(product.data?.name ?? t('catalog.products.title'));
  const back = { to: BACK, label: t('catalog.product.back') };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {product.data && !methods.isPending ? (
        <ProductDetails product={product.data} methods={methods.data} back={back} />
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('catalog.product.loading')}
          problem={recordProblem(product, {
            notFoundTitle: t('catalog.product.notFound.title'),
            notFoundDescription: t(
              livemode ? 'catalog.product.notFound.live' : 'catalog.product.notFound.test',
              {
                id,
              },
            ),
            loadFailed: t('catalog.product.loadFailed'),
            retry: t('catalog.product.retry'),
          })}
        />
      )}
    </Container>
  );
}

type Open = 'edit' | 'price' | 'archive' | null;

function ProductDetails({
  product,
  methods,
  back,
}: {
  product: Product;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const changes = useCatalogChanges(product.livemode);
  const { crossSell, crossSells, loading } = useCrossSells(product, methods);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const date = (unix: number) => formatUnixTime(unix, i18n.language);
  const none = t('catalog.product.none');
  const currencies = currencyChoices(methods);

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      title={product.name}
      status={<ActiveChip active={product.active} />}
      subtitle={product.description ?? undefined}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => setOpen('price')} disabled={!product.active}>
            {t('catalog.product.addPrice')}
          </Button>
          <Button variant="outlined" onClick={() => setOpen('edit')} disabled={loading}>
            {t('catalog.product.edit')}
          </Button>
          <Button
            variant="outlined"
            color={product.active ? 'warning' : 'primary'}
            onClick={() => setOpen('archive')}
          >
            {t(product.active ? 'catalog.product.archive' : 'catalog.product.restore')}
          </Button>
        </Stack>
      }
      notices={
        notice && (
          <Alert severity="success" role="status" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )
      }
      summary={[
        [
          { label: t('catalog.product.id'), value: <Code>{product.id}</Code> },
          { label: t('catalog.product.type'), value: t(`catalog.product.type.${product.type}`) },
          { label: t('catalog.product.unitLabel'), value: product.unit_label ?? none },
          {
            label: t('catalog.product.crossSell'),
            value: crossSell
              ? (crossSells.find((choice) => choice.id === crossSell)?.label ?? crossSell)
              : none,
          },
        ],
        [
          { label: t('catalog.products.created'), value: date(product.created_at) },
          { label: t('catalog.product.updated'), value: date(product.updated_at) },
          {
            label: t('catalog.product.statementDescriptor'),
            value: product.statement_descriptor ?? none,
          },
        ],
      ]}
    >
      <PricesSection product={product} methods={methods} changes={changes} />
      {(open === 'edit' || open === 'price') && (
        <ProductDialog
          {...(open === 'edit'
            ? {
                kind: 'edit' as const,
                product,
                crossSells,
                onSave: (change: ProductChange) =>
                  changes.updateProduct.mutateAsync({ id: product.id, body: change }),
              }
            : {
                kind: 'price' as const,
                product,
                upsells: product.prices
                  .filter((price) => price.active)
                  .map((price) => ({ id: price.id, label: priceText(price, methods, t) })),
                onSave: (price: PriceFields) =>
                  changes.createPrice.mutateAsync({ ...price, product_id: product.id }),
              })}
          currencies={currencies}
          onClose={close}
        />
      )}
      {open === 'archive' && (
        <ConfirmDialog
          title={t(product.active ? 'catalog.product.archiveTitle' : 'catalog.product.restoreTitle')}
          message={t(product.active ? 'catalog.product.archiveMessage' : 'catalog.product.restoreMessage', {
            name: product.name,
          })}
          confirmLabel={t(product.active ? 'catalog.product.archive' : 'catalog.product.restore')}
          tone={product.active ? 'warning' : 'primary'}
          onConfirm={() =>
            changes.updateProduct.mutateAsync({ id: product.id, body: { active: !product.active } })
          }
          onConfirmed={() => {
            setNotice(t(product.active ? 'catalog.product.archived' : 'catalog.product.restored'));
            close();
          }}
          onClose={close}
        />
      )}
    </DetailFrame>
  );
}

/** The product's prices, each with its Edit and its Archive or Restore. */
function PricesSection({
  product,
  methods,
  changes,
}: {
  product: Product;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  changes: ReturnType<typeof useCatalogChanges>;
}) {
  const { t } = useTranslation();
  return (
    <DetailSection
      title={t('catalog.product.prices')}
      empty={product.prices.length === 0}
      emptyText={t('catalog.product.noPrices')}
    >
      <DetailItems
        items={product.prices.map((price) => {
          const text = priceText(price, methods, t);
          return {
            key: price.id,
            name: price.nickname ? `${price.nickname} · ${text}` : text,
            detail: (
              <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <ActiveChip active={price.active} />
                <Code>{price.id}</Code>
                <span>
                  {t('catalog.price.sold')}: {price.quantity_sold}
                </span>
                {price.quantity_available > 0 && (
                  <span>
                    {t('catalog.price.stockLeft', {
                      count: Math.max(price.quantity_available - price.quantity_sold, 0),
                    })}
                  </span>
                )}
              </Stack>
            ),
            amount: (
              <PriceRowAction
                price={price}
                name={text}
                upsells={upsellChoices(price, product.prices, (other) => priceText(other, methods, t))}
                changes={changes}
              />
            ),
          };
        })}
      />
    </DetailSection>
  );
}

/** The prices the product may offer beside itself, and the one it offers now, named for a reader. */
function useCrossSells(product: Product, methods: ReadonlyMap<string, PaymentMethod> | undefined) {
  const { t } = useTranslation();
  const choices = usePriceChoices(product.livemode);
  const crossSell = product.cross_sell?.cross_sells_to_id;
  const crossSells = (choices.data ?? [])
    .filter((choice) => choice.product.id !== product.id)
    .map((choice) => ({ id: choice.price.id, label: choiceLabel(choice, methods, t) }));
  // A cross-sell no longer on offer (archived) stays a choice, so saving a new name keeps it.
  if (crossSell && !crossSells.some((choice) => choice.id === crossSell))
    crossSells.push({ id: crossSell, label: crossSell });
  return { crossSell, crossSells, loading: choices.isPending };
}
