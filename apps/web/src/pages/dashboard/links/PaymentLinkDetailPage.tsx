import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import type { PaymentLink, PaymentMethod } from '@kiosk/contracts';
import { dashboardCatalogMessages } from '@kiosk/core/i18n/dashboard-catalog';
import { dashboardLinksMessages } from '@kiosk/core/i18n/dashboard-links';
import { useScreenMessages } from '@kiosk/react';
import {
  ConfirmDialog,
  DetailFrame,
  DetailItems,
  DetailSection,
  type DetailSummaryRow,
} from '@kiosk/react/ui';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLivemode } from '../../../hooks/use-livemode.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { Code } from '../payment/Code.tsx';
import { usePaymentMethods } from '../payment/use-payment.ts';
import { ActiveChip } from '../products/ProductStatusChip.tsx';
import { usePriceChoices, type PriceChoice } from '../products/use-products.ts';
import { recordProblem } from '../record-problem.ts';
import { fieldRulesOf, lineLabel } from './link-view.ts';
import { LinkShare } from './LinkShare.tsx';
import { usePaymentLink, usePaymentLinkChanges } from './use-payment-links.ts';

const BACK = '/dashboard/payment-links';

/**
 * `/dashboard/payment-links/{plink_…}`: one link of the mode: its address and QR code to share, what
 * it sells, how its checkout is set up, and Deactivate or Activate.
 */
export function PaymentLinkDetailPage() {
  useScreenMessages(dashboardCatalogMessages);
  useScreenMessages(dashboardLinksMessages);
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const livemode = useLivemode();
  const link = usePaymentLink(id, livemode);
  const methods = usePaymentMethods(livemode);
  const choices = usePriceChoices(livemode);
  useDocumentTitle(link.data?.name ?? t('catalog.links.title'));
  const back = { to: BACK, label: t('catalog.link.back') };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {link.data && !methods.isPending && !choices.isPending ? (
        <LinkDetails
          link={link.data}
          methods={methods.data}
          prices={new Map((choices.data ?? []).map((choice) => [choice.price.id, choice]))}
          back={back}
        />
      ) : (
        <DetailFrame
          back={back}
          linkComponent={RouterLink}
          loading
          loadingLabel={t('catalog.link.loading')}
          problem={recordProblem(link, {
            notFoundTitle: t('catalog.link.notFound.title'),
            notFoundDescription: t(livemode ? 'catalog.link.notFound.live' : 'catalog.link.notFound.test', {
              id,
            }),
            loadFailed: t('catalog.link.loadFailed'),
            retry: t('catalog.link.retry'),
          })}
        />
      )}
    </Container>
  );
}

function LinkDetails({
  link,
  methods,
  prices,
  back,
}: {
  link: PaymentLink;
  methods: ReadonlyMap<string, PaymentMethod> | undefined;
  prices: ReadonlyMap<string, PriceChoice>;
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const changes = usePaymentLinkChanges(link.livemode);
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);

  return (
    <DetailFrame
      back={back}
      linkComponent={RouterLink}
      title={link.name ?? t('catalog.links.unnamed')}
      status={
        <ActiveChip
          active={link.active}
          activeKey="catalog.links.active"
          inactiveKey="catalog.links.inactive"
        />
      }
      actions={
        <Button
          variant="outlined"
          color={link.active ? 'warning' : 'primary'}
          onClick={() => setConfirming(true)}
        >
          {t(link.active ? 'catalog.link.deactivate' : 'catalog.link.activate')}
        </Button>
      }
      body={
        <DetailSection title={t('catalog.link.share')} headingLevel={3}>
          <LinkShare url={link.url} />
        </DetailSection>
      }
      summary={optionRows(link, t, (unix) => formatUnixTime(unix, i18n.language))}
    >
      <DetailSection title={t('catalog.link.items')}>
        <DetailItems
          items={link.line_items.map((line, index) => ({
            key: `${line.price_id}-${index}`,
            name: lineLabel(line, prices, methods, t),
            detail: [
              t('catalog.link.quantity', { count: line.quantity }),
              ...(line.cross_sell ? [t('catalog.link.crossSell')] : []),
            ].join(' · '),
          }))}
        />
      </DetailSection>
      {confirming && (
        <ConfirmDialog
          title={t(link.active ? 'catalog.link.deactivateTitle' : 'catalog.link.activateTitle')}
          message={t(link.active ? 'catalog.link.deactivateMessage' : 'catalog.link.activateMessage')}
          confirmLabel={t(link.active ? 'catalog.link.deactivate' : 'catalog.link.activate')}
          tone={link.active ? 'warning' : 'primary'}
          onConfirm={() => changes.setActive.mutateAsync({ id: link.id, active: !link.active })}
          onConfirmed={close}
          onClose={close}
        />
      )}
    </DetailFrame>
  );
}

/** How the link's checkout is set up: what the buyer is asked, the trial, and what follows payment. */
function optionRows(link: PaymentLink, t: TFunction, date: (unix: number) => string): DetailSummaryRow[][] {
  const trial = link.subscription_data.trial_period_days;
  const after = link.after_completion as { type?: string; redirect?: { url?: string } };
  const rules = fieldRulesOf(link);
  return [
    [
      { label: t('catalog.link.id'), value: <Code>{link.id}</Code> },
      { label: t('catalog.links.created'), value: date(link.created_at) },
      {
        label: t('catalog.link.trial'),
        value:
          typeof trial === 'number'
            ? t('catalog.link.trialDays', { count: trial })
            : t('catalog.link.noTrial'),
      },
      { label: t('catalog.link.submitType'), value: t(`catalog.linkForm.submitType.${link.submit_type}`) },
    ],
    [
      {
        label: t('catalog.link.phone'),
        value: t(link.phone_number_collection.enabled ? 'catalog.link.asked' : 'catalog.link.notAsked'),
      },
      {
        label: t('catalog.link.address'),
        value: t(
          link.billing_address_collection === 'required' ? 'catalog.link.required' : 'catalog.link.notAsked',
        ),
      },
      {
        label: t('catalog.link.fieldRules'),
        value: rules.length ? (
          <Stack component="span" spacing={0.5}>
            {rules.map(([field, pattern]) => (
              <span key={field}>
                {t(`catalog.linkForm.ruleField.${field}`, { defaultValue: field })}: <Code>{pattern}</Code>
              </span>
            ))}
          </Stack>
        ) : (
          t('catalog.link.noRules')
        ),
      },
      {
        label: t('catalog.link.afterCompletion'),
        value:
          after.type === 'redirect' && after.redirect?.url
            ? t('catalog.link.redirectTo', { url: after.redirect.url })
            : t('catalog.link.confirmationPage'),
      },
    ],
  ];
}
