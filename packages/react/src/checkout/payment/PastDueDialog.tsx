import { useEffect, useEffectEvent, useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Invoice } from '@kiosk/contracts';
import type { Eip1193Provider } from '../../wallet/eip1193.ts';
import { useInjectedWallets } from '../../wallet/use-injected-wallets.ts';
import { useKiosk } from '../../provider/KioskProvider.tsx';
import { PayByConnectDialog } from './PayByConnectDialog.tsx';
import { formatMoney } from '../format-money.ts';
import { useBuyer } from '../use-buyer.ts';
import { payableInPlace, type PastDueRow } from '../past-due.ts';
import { usePastDueFocus, usePastDuePayment, type PastDueScope } from '../past-due-payment.ts';

/** How long the dialog shows everything Paid before it goes. */
export const PAID_SHOWN_MS = 800;

/** A portal invoice page's address, in the invoice's mode (seed 000 §2 `/customer/invoice/{id}`). */
function invoicePath(invoice: Pick<Invoice, 'id' | 'livemode'>): string {
  return `/customer/invoice/${invoice.id}${invoice.livemode ? '' : '?livemode=false'}`;
}

/** Paying a row from a wallet elsewhere through the `collect-batch` connect action (seed 000 §7). */
export interface PastDueConnect {
  params: (currencyId: string) => Record<string, string>;
  /** Test mode: the server's test wallet may answer. */
  testMode: boolean;
  /** That wallet sent and named the transfer. */
  onSent: (currencyId: string) => void;
}

export interface PastDuePaymentProps {
  rows: PastDueRow[];
  invoices: Invoice[];
  onPay: (currencyId: string, provider: Eip1193Provider) => void;
  /** Without it (no buyer known), only a wallet in this browser can pay. */
  connect?: PastDueConnect;
  /** The Pay (or Retry) of the first row still to pay here, for focus. */
  actionRef?: Ref<HTMLButtonElement>;
}

/**
 * Seed 000 §2 and §4: one row per currency with what is overdue in it and its invoices (each a link to
 * its page); a row pays from a wallet in this browser or, through a connect session, one on a phone
 * (or the test wallet), idle → in progress → Paid or Retry. Each row's
 * state is announced to screen readers as it changes. A card method's items cannot be paid here: the
 * row says so and links to the invoice.
 */
export function PastDuePayment({ rows, invoices, onPay, connect, actionRef }: PastDuePaymentProps) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const wallets = useInjectedWallets();
  const listLabel = useId();
  const next = rows.find(
    (row) => (row.status === 'idle' || row.status === 'failed') && payableInPlace(row.method),
  );
  return (
    <Stack spacing={1.5}>
      <Typography id={listLabel} variant="subtitle2" component="h3">
        {t('checkout.pastDue.rows')}
      </Typography>
      <Stack component="ul" spacing={1.5} aria-labelledby={listLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => {
          const amount = formatMoney(row.amount, row.currency);
          const ofCurrency = invoices.filter((invoice) => invoice.currency_id === row.currencyId);
          return (
            <Box
              component="li"
              key={row.currencyId}
              data-testid={`past-due-row-${row.currencyId}`}
              data-status={row.status}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{amount}</Typography>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {ofCurrency.map((invoice) => (
                      <Link key={invoice.id} variant="body2" href={client.pageUrl(invoicePath(invoice))}>
                        {t('checkout.pastDue.invoice', { number: invoice.number })}
                      </Link>
                    ))}
                  </Stack>
                </Box>
                <RowAction
                  row={row}
                  amount={amount}
                  wallets={wallets}
                  firstInvoice={ofCurrency[0]}
                  onPay={(provider) => onPay(row.currencyId, provider)}
                  connect={connect}
                  actionRef={row === next ? actionRef : undefined}
                />
              </Stack>
              {/* Announced as it changes: the row's amount and where its payment stands. */}
              <Typography role="status" variant="body2" color={statusColor(row)} sx={{ mt: 1 }}>
                {t(`checkout.pastDue.status.${row.status}`, { amount })}
              </Typography>
              {row.status === 'failed' && (
                <Alert severity="error" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                  {row.message}
                </Alert>
              )}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}

function statusColor(row: PastDueRow): string {
  if (row.status === 'paid') return 'success.main';
  if (row.status === 'failed') return 'error';
  return 'text.secondary';
}

function RowAction({
  row,
  amount,
  wallets,
  firstInvoice,
  onPay,
  connect,
  actionRef,
}: {
  row: PastDueRow;
  amount: string;
  wallets: ReturnType<typeof useInjectedWallets>;
  firstInvoice: Invoice | undefined;
  onPay: (provider: Eip1193Provider) => void;
  connect: PastDueConnect | undefined;
  actionRef: Ref<HTMLButtonElement> | undefined;
}) {
  const { t } = useTranslation();
  const { client } = useKiosk();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [connecting, setConnecting] = useState(false);
  if (row.status === 'paid')
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
        <CheckCircleIcon fontSize="small" aria-hidden />
        <Typography sx={{ fontWeight: 600 }}>{t('checkout.pastDue.paid')}</Typography>
      </Stack>
    );
  // Seed 000 §4, §8: a card's overdue items are paid on their own page.
  if (!payableInPlace(row.method))
    return (
      <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
        <Typography variant="body2" color="text.secondary">
          {t('checkout.pastDue.notSupported')}
        </Typography>
        {firstInvoice && (
          <Button variant="outlined" href={client.pageUrl(invoicePath(firstInvoice))}>
            {t('checkout.pastDue.openInvoice')}
          </Button>
        )}
      </Stack>
    );
  const label = row.status === 'failed' ? t('checkout.pastDue.retry') : t('checkout.pastDue.pay', { amount });
  const busy = row.status === 'paying';
  if (connect) {
    return (
      <>
        <Button
          ref={actionRef}
          variant="contained"
          loading={busy}
          loadingPosition="start"
          disabled={busy}
          aria-haspopup="dialog"
          onClick={() => setConnecting(true)}
          sx={{ flexShrink: 0 }}
        >
          {label}
        </Button>
        {connecting && (
          <PayByConnectDialog
            action="collect-batch"
            params={connect.params(row.currencyId)}
            testMode={connect.testMode}
            title={t('checkout.pastDue.pay', { amount })}
            onClose={() => setConnecting(false)}
            onSent={() => connect.onSent(row.currencyId)}
            // The row shows this wallet's progress and failure itself.
            onInjectedWallet={onPay}
          />
        )}
      </>
    );
  }
  if (wallets.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: { sm: 260 } }}>
        {t('checkout.pastDue.noWallet')}
      </Typography>
    );
  const only = wallets.length === 1 ? wallets[0] : undefined;
  return (
    <>
      <Button
        ref={actionRef}
        variant="contained"
        loading={busy}
        loadingPosition="start"
        disabled={busy}
        aria-haspopup={only ? undefined : 'menu'}
        onClick={(event) => (only ? onPay(only.provider) : setMenu(event.currentTarget))}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
      {!only && (
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {wallets.map((wallet) => (
            <MenuItem
              key={wallet.id}
              onClick={() => {
                setMenu(null);
                onPay(wallet.provider);
              }}
            >
              {t('checkout.pay.injected', { name: wallet.name })}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

export interface PastDueDialogProps {
  open: boolean;
  scope: PastDueScope;
  livemode: boolean;
  buyerDid?: string;
  /** Every currency is paid: the caller goes on (the checkout sends its submission again). */
  onPaid: () => void;
  onClose: () => void;
}

/**
 * Seed 000 §4 and §8: a submit answered CUSTOMER_LIMITED opens this dialog instead of a toast. It lists
 * what is overdue per currency; once every row is Paid it says so, and `onPaid` retries the purchase.
 */
export function PastDueDialog({ open, scope, livemode, buyerDid, onPaid, onClose }: PastDueDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const descriptionId = useId();
  const payment = usePastDuePayment({ scope, livemode, buyerDid, enabled: open });
  const done = payment.allPaid || payment.nothingOverdue;
  // Lost: on the page behind, or on the focus trap's own container (outside the dialog's paper).
  const actionRef = usePastDueFocus(payment, (active) => !active?.closest('[role="dialog"]'));
  const paid = useEffectEvent(onPaid);
  useEffect(() => {
    if (!done) return;
    // The last row's "Paid" is seen (and announced) before the dialog goes.
    const timer = setTimeout(() => paid(), PAID_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [done]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <DialogTitle id={titleId}>{t('checkout.pastDue.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography id={descriptionId} color="text.secondary">
            {t('checkout.pastDue.description')}
          </Typography>
          {payment.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={payment.refetch}>
                  {t('checkout.pastDue.reload')}
                </Button>
              }
            >
              {t('checkout.pastDue.loadFailed')}
            </Alert>
          ) : payment.loading ? (
            <Box role="status" aria-label={t('checkout.pastDue.loading')}>
              <Skeleton variant="rounded" height={72} />
            </Box>
          ) : (
            <PastDuePayment
              rows={payment.rows}
              invoices={payment.invoices}
              onPay={(currencyId, provider) => void payment.pay(currencyId, provider)}
              connect={
                payment.collectBatch && {
                  params: payment.collectBatch,
                  testMode: !livemode,
                  onSent: payment.sentElsewhere,
                }
              }
              actionRef={actionRef}
            />
          )}
          {done && (
            <Alert severity="success" role="status">
              {t('checkout.pastDue.allPaid')} {t('checkout.pastDue.continuing')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('checkout.pastDue.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The checkout's past-due dialog: everything the buyer owes, for all their subscriptions. */
export function BuyerPastDueDialog({
  livemode,
  onPaid,
  onClose,
}: Pick<PastDueDialogProps, 'livemode' | 'onPaid' | 'onClose'>) {
  const buyer = useBuyer(livemode);
  if (!buyer.customer?.id) return null;
  return (
    <PastDueDialog
      open
      scope={{ customerId: buyer.customer.id }}
      livemode={livemode}
      buyerDid={buyer.customer.did}
      onPaid={onPaid}
      onClose={onClose}
    />
  );
}
