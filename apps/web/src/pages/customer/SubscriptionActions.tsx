import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Subscription } from '@kiosk/contracts';
import { ConfirmDialog, errorMessage } from '@kiosk/react/ui';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog.tsx';
import { ChangeMethodAction } from './ChangeMethodDialog.tsx';
import { ChangePlanDialog } from './ChangePlanDialog.tsx';
import { changePlanOffered } from './plan-change-view.ts';
import {
  subscriptionActions,
  type CancelTiming,
  type SubscriptionActions as Offered,
} from './subscription-view.ts';
import { usePlanOptions } from './use-plan-change.ts';
import {
  useCancelSubscription,
  useDiscardSubscription,
  useResumeSubscription,
  useSubscriptionCheckout,
  type CancelRequest,
} from './use-subscriptions.ts';

/** What the last action came to, as the page says it. */
type Outcome =
  | { kind: 'cancelsAtPeriodEnd'; at: number }
  | { kind: 'canceledNow' }
  | { kind: 'discarded' }
  | { kind: 'resumed' }
  | { kind: 'planChanged'; credit: string | null }
  | { kind: 'resumeFailed'; message: string };

export interface SubscriptionActionsProps {
  subscription: Subscription;
  livemode: boolean;
  /** The screen's clock, in unix seconds: whether a checkout is still open. */
  now: number;
  date: (unix: number) => string;
}

/**
 * The customer's actions on a subscription: Change plan while it is active or trialing and another
 * plan is offered, Cancel (through the dialog) while it renews, Resume while a cancel is scheduled,
 * and for one never paid Complete payment (back to its open checkout) and Discard. The outcome is said
 * beside them and takes focus, since the button that was pressed gives way to the other one.
 */
export function SubscriptionActions({ subscription, livemode, now, date }: SubscriptionActionsProps) {
  const { t } = useTranslation();
  const actions = subscriptionActions(subscription, useSubscriptionCheckout(subscription).data, now);
  const cancel = useCancelSubscription(subscription.id, livemode);
  const [discardDialog, setDiscardDialog] = useState<{ open: boolean } | null>(null);
  const resume = useResumeSubscription(subscription.id, livemode);
  // The dialog keeps its timing until it has closed: a cancel that succeeds removes the action at once.
  const [dialog, setDialog] = useState<{ open: boolean; timing: CancelTiming } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const plans = usePlanOptions(subscription, livemode);
  const planOffered = changePlanOffered(subscription, plans.data);
  const [planDialog, setPlanDialog] = useState<{ open: boolean } | null>(null);
  // The outcome takes focus once no dialog is left (after its exit, when the dialog's focus trap has
  // let go); a dialog closed without a change gives focus back to its button itself.
  const dialogGone = dialog === null && planDialog === null && discardDialog === null;

  const confirmCancel = async (request: CancelRequest) => {
    setOutcome(null);
    const canceled = await cancel.mutateAsync(request);
    setOutcome(
      canceled.cancel_at_period_end
        ? { kind: 'cancelsAtPeriodEnd', at: canceled.cancel_at ?? canceled.current_period_end }
        : { kind: 'canceledNow' },
    );
  };

  const startDiscard = () => {
    setOutcome(null);
    setDiscardDialog({ open: true });
  };

  const confirmResume = () => {
    setOutcome(null);
    resume.mutate(undefined, {
      onSuccess: () => setOutcome({ kind: 'resumed' }),
      // Seed 000 §8 names the texts it has; for the rest, the server's own message says what went wrong.
      onError: (error) =>
        setOutcome({ kind: 'resumeFailed', message: errorMessage(error, t('error.unknown')) }),
    });
  };

  return (
    <Stack spacing={2}>
      {outcome && (
        <OutcomeNotice
          outcome={outcome}
          date={date}
          takeFocus={dialogGone}
          onDismiss={() => setOutcome(null)}
        />
      )}
      {(actions.cancel || actions.resume || actions.discard || planOffered) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <UnpaidActions actions={actions} onDiscard={startDiscard} />
          {planOffered && (
            <Button
              variant="contained"
              aria-haspopup="dialog"
              onClick={() => {
                setOutcome(null);
                setPlanDialog({ open: true });
              }}
            >
              {t('planChange.button')}
            </Button>
          )}
          <ChangeMethodAction subscription={subscription} livemode={livemode} />
          {actions.resume && (
            <Button variant="contained" onClick={confirmResume} disabled={resume.isPending}>
              {t(resume.isPending ? 'portal.resume.pending' : 'portal.resume.button')}
            </Button>
          )}
          {actions.cancel && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => setDialog({ open: true, timing: actions.cancel! })}
            >
              {t('portal.cancel.button')}
            </Button>
          )}
        </Stack>
      )}
      {planDialog && plans.data && (
        <ChangePlanDialog
          open={planDialog.open}
          subscription={subscription}
          options={plans.data}
          livemode={livemode}
          onChanged={(credit) => {
            setOutcome({ kind: 'planChanged', credit });
            setPlanDialog({ open: false });
          }}
          onClose={() => setPlanDialog({ open: false })}
          onExited={() => setPlanDialog(null)}
        />
      )}
      {discardDialog && (
        <DiscardDialog
          open={discardDialog.open}
          subscription={subscription}
          livemode={livemode}
          onDiscarded={() => setOutcome({ kind: 'discarded' })}
          onClose={() => setDiscardDialog({ open: false })}
          onExited={() => setDiscardDialog(null)}
        />
      )}
      {dialog && (
        <CancelSubscriptionDialog
          open={dialog.open}
          timing={dialog.timing}
          date={date}
          onConfirm={confirmCancel}
          onClose={() => setDialog({ ...dialog, open: false })}
          onExited={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/**
 * A subscription never paid for (issue 21 item 3): Complete payment goes back to its checkout while
 * that is open; Discard asks first (DiscardDialog).
 */
function UnpaidActions({ actions, onDiscard }: { actions: Offered; onDiscard: () => void }) {
  const { t } = useTranslation();
  const { completePayment, discard } = actions;
  return (
    <>
      {completePayment && (
        <Button variant="contained" component={RouterLink} to={`/checkout/pay/${completePayment}`}>
          {t('portal.complete.button')}
        </Button>
      )}
      {discard && (
        <Button variant="outlined" color="error" aria-haspopup="dialog" onClick={onDiscard}>
          {t('portal.discard.button')}
        </Button>
      )}
    </>
  );
}

/** Asks before discarding a subscription never paid for; the server's refusal is said in the dialog. */
function DiscardDialog({
  open,
  subscription,
  livemode,
  onDiscarded,
  onClose,
  onExited,
}: {
  open: boolean;
  subscription: Subscription;
  livemode: boolean;
  onDiscarded: () => void;
  onClose: () => void;
  onExited: () => void;
}) {
  const { t } = useTranslation();
  const discard = useDiscardSubscription(subscription.id, livemode);
  return (
    <ConfirmDialog
      open={open}
      title={t('portal.discard.title')}
      message={t('portal.discard.message')}
      confirmLabel={t('portal.discard.confirm')}
      cancelLabel={t('portal.discard.keep')}
      tone="danger"
      onConfirm={async () => {
        await discard.mutateAsync();
        onDiscarded();
      }}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/** What the last action came to, in the page's words: an alert for a resume that failed, else a status. */
function OutcomeNotice({
  outcome,
  date,
  takeFocus,
  onDismiss,
}: {
  outcome: Outcome;
  date: (unix: number) => string;
  /** Focus moves here now: the button that was pressed has given way to another one. */
  takeFocus: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [outcome, takeFocus]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity={outcome.kind === 'resumeFailed' ? 'error' : 'success'}
      role={outcome.kind === 'resumeFailed' ? 'alert' : 'status'}
      onClose={onDismiss}
      closeText={t('portal.dismiss')}
    >
      {outcome.kind === 'resumeFailed' ? (
        <>
          <AlertTitle>{t('billing.resume.failed')}</AlertTitle>
          {outcome.message}
        </>
      ) : outcome.kind === 'cancelsAtPeriodEnd' ? (
        t('billing.cancel.atPeriodEnd', { date: date(outcome.at) })
      ) : outcome.kind === 'canceledNow' ? (
        t('billing.cancel.now')
      ) : outcome.kind === 'discarded' ? (
        t('portal.discard.done')
      ) : outcome.kind === 'planChanged' ? (
        outcome.credit === null ? (
          t('planChange.changed')
        ) : (
          t('planChange.changedWithCredit', { amount: outcome.credit })
        )
      ) : (
        t('billing.resume.success')
      )}
    </Alert>
  );
}
