import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanOption, Subscription } from '@kiosk/contracts';
import { useKioskSettings } from '@kiosk/react';
import { DialogError, DialogFrame, errorMessage } from '@kiosk/react/ui';
import { CardChargePanel } from './ChangePlanCardCharge.tsx';
import { PlanPaymentPanel } from './ChangePlanPayment.tsx';
import { currencyOf, formatInvoiceMoney } from './invoice-view.ts';
import {
  isChoosable,
  planChangeItems,
  planChangeOutcome,
  planConsequence,
  planOptionName,
  type PlanConsequence,
} from './plan-change-view.ts';
import { periodMessage } from './subscription-view.ts';
import { useChangePlan, usePlanChangePayment, type PlanChangeAnswer } from './use-plan-change.ts';

export interface ChangePlanDialogProps {
  open: boolean;
  subscription: Subscription;
  /** The server's plan options, cheapest first. */
  options: PlanOption[];
  livemode: boolean;
  /** The plan changed (at once, or once its payment settled); `credit` is the formatted credit, if any. */
  onChanged: (credit: string | null) => void;
  onClose: () => void;
  /** After the dialog has gone: the page moves focus to what it says happened. */
  onExited?: () => void;
}

function consequenceText(consequence: PlanConsequence, t: TFunction, money: (amount: bigint) => string) {
  switch (consequence.kind) {
    case 'current':
      return t('planChange.current');
    case 'unavailable':
      return consequence.error;
    case 'trial':
      return t('planChange.trial');
    case 'pay':
      return t('planChange.payNow', { amount: money(consequence.amount) });
    case 'credit':
      return t('planChange.credit', { amount: money(consequence.amount) });
    case 'noCharge':
      return t('planChange.noCharge');
  }
}

/**
 * Seed 000 §1 "changing plan (the difference is paid, credit is applied or issued)": the plans as radio
 * cards, each with its cycle price and what changing to it does now, as the server priced it. Confirm
 * sends the change; a dearer plan goes on to its pay step in the same dialog.
 */
export function ChangePlanDialog({
  open,
  subscription,
  options,
  livemode,
  onChanged,
  onClose,
  onExited,
}: ChangePlanDialogProps) {
  const { t } = useTranslation();
  const settings = useKioskSettings(livemode);
  const currency = currencyOf(settings.data, subscription.currency_id);
  const money = (amount: bigint | string) => formatInvoiceMoney(amount, currency, subscription.currency_id);
  const change = useChangePlan(subscription.id, livemode);
  const payment = usePlanChangePayment(subscription.id, livemode);
  const [chosen, setChosen] = useState('');
  const [paying, setPaying] = useState<{ answer: PlanChangeAnswer; plan: string } | null>(null);
  const [charging, setCharging] = useState<{ invoiceId: string; amount: string; plan: string } | null>(null);
  const selected = options.find((option) => option.price.id === chosen);
  // Confirm, which had focus, goes with the choice: focus moves to the pay step's own action, not to
  // the page behind the dialog.
  const actionRef = useRef<HTMLButtonElement>(null);
  const payStep = paying !== null || charging !== null;
  useEffect(() => actionRef.current?.focus(), [payStep]);

  // Once per payment: the page closes this dialog and says the plan changed.
  const paid = payment.state.status === 'paid';
  const changedByPayment = useEffectEvent(() => onChanged(null));
  useEffect(() => {
    if (paid) changedByPayment();
  }, [paid]);

  const confirm = () => {
    if (!selected) return;
    change.mutate(planChangeItems(subscription, selected), {
      onSuccess: (answer) => {
        const outcome = planChangeOutcome(answer);
        const plan = planOptionName(selected);
        if (outcome.kind === 'changed') onChanged(outcome.credit > 0n ? money(outcome.credit) : null);
        else if (outcome.kind === 'charged')
          setCharging({
            invoiceId: outcome.invoiceId,
            amount: money(answer.invoice?.amount_due ?? '0'),
            plan,
          });
        else setPaying({ answer, plan });
      },
    });
  };
  const busy = change.isPending || payment.state.status === 'sending';

  return (
    <DialogFrame
      open={open}
      title={t(payStep ? 'planChange.pay.title' : 'planChange.title')}
      onClose={onClose}
      busy={busy}
      fullScreenOnPhone
      onExited={onExited}
    >
      {charging ? (
        <CardChargePanel
          {...charging}
          livemode={livemode}
          subscriptionId={subscription.id}
          onPaid={() => onChanged(null)}
          onClose={onClose}
          actionRef={actionRef}
        />
      ) : paying ? (
        <PlanPaymentPanel
          amount={money(paying.answer.invoice?.amount_due ?? '0')}
          plan={paying.plan}
          state={payment.state}
          onPay={(provider) => void payment.pay(paying.answer, provider)}
          onLater={onClose}
          actionRef={actionRef}
          connect={
            paying.answer.invoice
              ? { invoiceId: paying.answer.invoice.id, livemode, onSent: payment.sentElsewhere }
              : undefined
          }
        />
      ) : (
        <>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('planChange.description')}</DialogContentText>
            <PlanChoices
              subscription={subscription}
              options={options}
              value={chosen}
              disabled={change.isPending}
              money={money}
              onChange={setChosen}
            />
            {change.isError && (
              <DialogError title={t('billing.changePlan.failed')} sx={{ mt: 2 }}>
                {errorMessage(change.error, t('error.unknown'))}
              </DialogError>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onClose} disabled={change.isPending}>
              {t('planChange.keep')}
            </Button>
            <Button
              variant="contained"
              onClick={confirm}
              disabled={!selected || !isChoosable(selected) || change.isPending}
            >
              {t(change.isPending ? 'planChange.confirming' : 'planChange.confirm')}
            </Button>
          </DialogActions>
        </>
      )}
    </DialogFrame>
  );
}

/**
 * The plans as radio cards, each with what a cycle costs and what changing to it does now; the
 * current plan is marked and, like a plan the server refuses, cannot be chosen.
 */
function PlanChoices({
  subscription,
  options,
  value,
  disabled,
  money,
  onChange,
}: {
  subscription: Subscription;
  options: PlanOption[];
  /** The chosen plan's price id, or '' before one is chosen. */
  value: string;
  disabled: boolean;
  money: (amount: bigint | string) => string;
  onChange: (priceId: string) => void;
}) {
  const { t } = useTranslation();
  const legendId = `${useId()}-legend`;
  const period = periodMessage(subscription.recurring);
  const cycle = (option: PlanOption) =>
    period
      ? t('planChange.cycle', { amount: money(option.cycle_amount), period: t(period.key, period.params) })
      : money(option.cycle_amount);
  return (
    <FormControl component="fieldset" disabled={disabled} fullWidth>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t('planChange.options')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        name="plan"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ gap: 1 }}
      >
        {options.map((option) => {
          const consequence = planConsequence(option, subscription);
          return (
            <PlanCard
              key={option.price.id}
              option={option}
              checked={value === option.price.id}
              cycle={cycle(option)}
              consequence={consequence}
              consequenceText={consequenceText(consequence, t, money)}
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}

/** One plan as a card: the whole card picks it; its name labels the radio, the rest describes it. */
function PlanCard({
  option,
  checked,
  cycle,
  consequence,
  consequenceText,
}: {
  option: PlanOption;
  checked: boolean;
  cycle: string;
  consequence: PlanConsequence;
  consequenceText: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const nameId = `${ids}-name`;
  const detailsId = `${ids}-details`;
  const disabled = !isChoosable(option);
  return (
    <Box
      component="label"
      data-testid={`plan-${option.price.id}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1.5,
        border: 1,
        borderRadius: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled && consequence.kind !== 'current' ? 0.75 : 1,
      }}
    >
      <Radio
        value={option.price.id}
        disabled={disabled}
        slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': detailsId } }}
        sx={{ mt: -0.75 }}
      />
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {planOptionName(option)}
          </Typography>
          {consequence.kind === 'current' && (
            <Chip size="small" color="primary" variant="outlined" label={t('planChange.current')} />
          )}
        </Stack>
        <Box id={detailsId}>
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {cycle}
          </Typography>
          {consequence.kind !== 'current' && (
            <Typography
              variant="body2"
              color={consequence.kind === 'unavailable' ? 'error' : 'text.secondary'}
              sx={{ whiteSpace: 'pre-line' }}
            >
              {consequenceText}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
