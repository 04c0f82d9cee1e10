import { useEffect, useEffectEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useScreenMessages } from '@kiosk/react';
import { DialogError } from '@kiosk/react/ui';
import { cardMessages } from '@kiosk/core/i18n/cards';
import { modeKey } from '../../lib/query-client.ts';
import { useChargedInvoice } from './use-invoice.ts';

export interface CardChargePanelProps {
  invoiceId: string;
  livemode: boolean;
  subscriptionId: string;
  /** What is charged, formatted, and the plan it changes to. */
  amount: string;
  plan: string;
  /** The invoice is paid: the server made the change. */
  onPaid: () => void;
  onClose: () => void;
  actionRef?: Ref<HTMLButtonElement>;
}

/**
 * A dearer plan on a saved card: the server charges the difference off session at once (as a renewal),
 * so the dialog only follows that invoice: paid (the plan changed), declined (the current plan goes on
 * and the card is tried again on the day said), or voided (the change was dropped).
 */
export function CardChargePanel({
  invoiceId,
  livemode,
  subscriptionId,
  amount,
  plan,
  onPaid,
  onClose,
  actionRef,
}: CardChargePanelProps) {
  const { t, i18n } = useTranslation();
  // Why a card failed (`error.CARD_…`).
  useScreenMessages(cardMessages);
  const queryClient = useQueryClient();
  const invoice = useChargedInvoice(invoiceId, livemode).data;
  const paid = invoice?.status === 'paid';
  const declined = invoice?.status === 'open' ? invoice.last_payment_error : null;
  const dropped = invoice?.status === 'void';

  const changed = useEffectEvent(() => {
    void queryClient.invalidateQueries({
      queryKey: modeKey(livemode, 'subscription', subscriptionId),
    });
    void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscriptions') });
    onPaid();
  });
  useEffect(() => {
    if (paid) changed();
  }, [paid]);

  const retryOn =
    declined && invoice?.next_payment_attempt
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
          invoice.next_payment_attempt * 1000,
        )
      : null;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('planChange.card.description', { amount, plan })}</DialogContentText>
          <Typography role="status" aria-live="polite" data-testid="plan-payment-status">
            {paid ? t('planChange.changed') : declined || dropped ? '' : t('planChange.card.charging')}
          </Typography>
          {(declined || dropped) && (
            <DialogError title={t('planChange.card.failed')}>
              {[
                declined && t(`error.${declined.code}`, { defaultValue: t('error.unknown') }),
                retryOn ? t('planChange.card.retryOn', { date: retryOn }) : t('planChange.card.notChanged'),
              ]
                .filter(Boolean)
                .join(' ')}
            </DialogError>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button ref={actionRef} onClick={onClose}>
          {t('planChange.card.close')}
        </Button>
      </DialogActions>
    </>
  );
}
