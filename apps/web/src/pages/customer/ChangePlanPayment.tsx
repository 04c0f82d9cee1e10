import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@kiosk/contracts';
import { useInjectedWallets, useKioskSettings, PayByConnectDialog, type Eip1193Provider } from '@kiosk/react';
import { DialogError, DialogFrame, errorMessage } from '@kiosk/react/ui';
import { useSession } from '../../hooks/use-session.ts';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import { planOptionName, type PlanPaymentState } from './plan-change-view.ts';
import { useInvoice } from './use-invoice.ts';
import {
  usePlanChangePayment,
  usePlanOptions,
  useWaitingPlanChange,
  type PlanChangeAnswer,
} from './use-plan-change.ts';

export interface PlanPaymentPanelProps {
  /** What is due now, formatted. */
  amount: string;
  /** The plan it changes to. */
  plan: string;
  state: PlanPaymentState;
  onPay: (provider: Eip1193Provider) => void;
  /** Leaves the change waiting: the subscription page offers to pay it later. */
  onLater: () => void;
  /** The invoice due, for a wallet on another device to pay through the `collect` connect action. */
  connect?: { invoiceId: string; livemode: boolean; onSent: () => void };
  /** The step's primary action (the first wallet's Pay, else Pay from another wallet), for focus. */
  actionRef?: Ref<HTMLButtonElement>;
}

/**
 * The pay step of a dearer plan (seed 000 §1 "the difference is paid"): what is due and why, a button
 * per wallet in this browser, and where the payment stands, announced as it changes. Dialog content
 * and actions, for the dialog it is shown in.
 */
export function PlanPaymentPanel({
  amount,
  plan,
  state,
  onPay,
  onLater,
  connect,
  actionRef,
}: PlanPaymentPanelProps) {
  const { t } = useTranslation();
  const wallets = useInjectedWallets();
  const [connecting, setConnecting] = useState(false);
  const did = useSession().data?.user?.did ?? '';
  const busy = state.status === 'sending' || state.status === 'confirming';
  const offered = state.status === 'idle' || state.status === 'failed';
  const status =
    state.status === 'sending'
      ? t('planChange.pay.sending')
      : state.status === 'confirming'
        ? t('planChange.pay.confirming')
        : state.status === 'paid'
          ? t('planChange.changed')
          : '';
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('planChange.pay.description', { amount, plan })}</DialogContentText>
          <Typography role="status" aria-live="polite" data-testid="plan-payment-status">
            {status}
          </Typography>
          {state.status === 'failed' && (
            <DialogError title={t('planChange.pay.failed')}>{state.message}</DialogError>
          )}
          {offered && wallets.length === 0 && !connect && (
            <Typography variant="body2" color="text.secondary">
              {t('checkout.pastDue.noWallet')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onLater} disabled={state.status === 'sending'}>
          {t('planChange.pay.later')}
        </Button>
        {(offered || busy) &&
          wallets.map((wallet, index) => (
            <Button
              key={wallet.id}
              ref={index === 0 ? actionRef : undefined}
              variant="contained"
              loading={busy}
              loadingPosition="start"
              disabled={busy}
              onClick={() => onPay(wallet.provider)}
            >
              {state.status === 'failed'
                ? t('planChange.pay.retry')
                : wallets.length === 1
                  ? t('planChange.pay.button', { amount })
                  : t('planChange.pay.with', { amount, name: wallet.name })}
            </Button>
          ))}
        {offered && connect && (
          <Button
            ref={wallets.length ? undefined : actionRef}
            variant={wallets.length ? 'outlined' : 'contained'}
            onClick={() => setConnecting(true)}
          >
            {t('planChange.pay.otherWallet')}
          </Button>
        )}
      </DialogActions>
      {connecting && connect && (
        <PayByConnectDialog
          // Seed 000 §7: `collect` pays one invoice.
          action="collect"
          params={{ invoiceId: connect.invoiceId, sessionUserDid: did }}
          testMode={!connect.livemode}
          title={t('planChange.pay.button', { amount })}
          onClose={() => setConnecting(false)}
          onSent={connect.onSent}
          // The panel shows this wallet's progress and failure itself.
          onInjectedWallet={onPay}
        />
      )}
    </>
  );
}

export interface PendingPlanChangeNoticeProps {
  subscription: Subscription;
  livemode: boolean;
}

/**
 * A change waiting for its invoice (`pending_update`): the page says what it waits for and offers to
 * pay it. Paying reads that invoice's transfer instructions and pays them as the change dialog does.
 */
export function PendingPlanChangeNotice({ subscription, livemode }: PendingPlanChangeNoticeProps) {
  const { t } = useTranslation();
  const pending = subscription.pending_update;
  const [answer, setAnswer] = useState<PlanChangeAnswer | null>(null);
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState(false);
  const paidRef = useRef<HTMLDivElement>(null);
  const waiting = useWaitingPlanChange(subscription.id, livemode);
  const payment = usePlanChangePayment(subscription.id, livemode);
  const settings = useKioskSettings(livemode);
  const currency = currencyOf(settings.data, subscription.currency_id);
  const money = (amount: string | bigint) => formatInvoiceMoney(amount, currency, subscription.currency_id);

  // Changed at once (the answer asked nothing), or once the payment here settled.
  const changed = (paid || payment.state.status === 'paid') && !pending;
  const dialogGone = answer === null;
  useEffect(() => {
    if (changed && dialogGone) paidRef.current?.focus();
  }, [changed, dialogGone]);

  const payNow = () => {
    if (!pending) return;
    setPaid(false);
    payment.reset();
    waiting.mutate(undefined, {
      onSuccess: (current) => {
        // Nothing waits any more: it was paid meanwhile.
        if (current === null) return setPaid(true);
        setAnswer(current);
        setOpen(true);
      },
    });
  };

  return (
    <>
      {changed && (
        <Alert
          ref={paidRef}
          tabIndex={-1}
          severity="success"
          role="status"
          onClose={() => {
            setPaid(false);
            payment.reset();
          }}
          closeText={t('portal.dismiss')}
        >
          {t('planChange.changed')}
        </Alert>
      )}
      {pending && (
        <WaitingNotice
          invoiceId={pending.invoice_id}
          livemode={livemode}
          money={money}
          preparing={waiting.isPending}
          error={waiting.isError ? errorMessage(waiting.error, t('error.unknown')) : null}
          onPay={payNow}
        />
      )}
      {answer && (
        <PlanPaymentDialog
          open={open && payment.state.status !== 'paid'}
          subscription={subscription}
          answer={answer}
          livemode={livemode}
          amount={money(answer.invoice?.amount_due ?? '0')}
          state={payment.state}
          onPay={(provider) => void payment.pay(answer, provider)}
          onSentElsewhere={payment.sentElsewhere}
          onClose={() => setOpen(false)}
          onExited={() => setAnswer(null)}
        />
      )}
    </>
  );
}

function WaitingNotice({
  invoiceId,
  livemode,
  money,
  preparing,
  error,
  onPay,
}: {
  invoiceId: string;
  livemode: boolean;
  money: (amount: string) => string;
  preparing: boolean;
  error: string | null;
  onPay: () => void;
}) {
  const { t } = useTranslation();
  const invoice = useInvoice(invoiceId, livemode);
  // An invoice no intent waits on is charged by the server to a saved card: nothing to pay here.
  const charged = invoice.data?.payment_intent_id === null;
  return (
    <Alert
      severity="warning"
      data-testid="pending-plan-change"
      action={
        charged ? undefined : (
          <Button color="inherit" size="small" onClick={onPay} loading={preparing} disabled={preparing}>
            {t('planChange.waiting.pay')}
          </Button>
        )
      }
      sx={{ '.MuiAlert-action': { alignItems: 'center' } }}
    >
      <AlertTitle component="h2">{t('planChange.waiting.title')}</AlertTitle>
      {invoice.isPending ? (
        <Skeleton variant="text" width={240} aria-label={t('planChange.waiting.preparing')} />
      ) : invoice.data ? (
        t(charged ? 'planChange.waiting.card' : 'planChange.waiting.text', {
          amount: money(invoice.data.amount_due),
        })
      ) : (
        t('planChange.waiting.textPlain')
      )}
      {error && (
        <Typography role="alert" variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {t('billing.changePlan.failed')}: {error}
        </Typography>
      )}
    </Alert>
  );
}

/** The pay step on its own, for a change that was left waiting. */
function PlanPaymentDialog({
  open,
  subscription,
  answer,
  livemode,
  amount,
  state,
  onPay,
  onSentElsewhere,
  onClose,
  onExited,
}: {
  open: boolean;
  subscription: Subscription;
  answer: PlanChangeAnswer;
  livemode: boolean;
  amount: string;
  state: PlanPaymentState;
  onPay: (provider: Eip1193Provider) => void;
  onSentElsewhere: () => void;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const options = usePlanOptions(subscription, livemode);
  const priceId = answer.subscription.pending_update?.items[0]?.price_id;
  const option = options.data?.find((candidate) => candidate.price.id === priceId);
  const plan = option ? planOptionName(option) : (priceId ?? '');
  return (
    <DialogFrame
      open={open}
      title={t('planChange.pay.title')}
      onClose={onClose}
      busy={state.status === 'sending'}
      fullScreenOnPhone
      onExited={onExited}
    >
      <PlanPaymentPanel
        amount={amount}
        plan={plan}
        state={state}
        onPay={onPay}
        onLater={onClose}
        connect={
          answer.invoice ? { invoiceId: answer.invoice.id, livemode, onSent: onSentElsewhere } : undefined
        }
      />
    </DialogFrame>
  );
}
