import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Refund } from '@kiosk/contracts';
import {
  isUserRejection,
  legacyInjectedProvider,
  payWithInjectedWallet,
  type Eip1193Provider,
} from '@kiosk/react';
import { ConfirmDialog, errorMessage } from '@kiosk/react/ui';
import { Code } from './Code.tsx';
import type { Money } from './PaymentSections.tsx';
import { useRefundTransfer } from './use-payment.ts';

/** A pending refund that is the merchant's to send, or whose named transfer is being confirmed. */
export const awaitsMerchant = (refund: Refund) =>
  refund.status === 'pending' && (refund.next_action !== null || refund.transfer_reference !== null);

/**
 * A refund on a chain where Kiosk holds no key: what to send and to whom, sent from the wallet in this
 * browser (or from anywhere, then named by its transaction hash), checked on chain by the server; or
 * given up. Once named, it waits for its confirmations, and can be checked again.
 */
export function RefundTransfer({
  refund,
  paymentId,
  money,
}: {
  refund: Refund;
  paymentId: string;
  money: Money;
}) {
  const { t } = useTranslation();
  const { name, cancel } = useRefundTransfer(paymentId, refund.livemode);
  const [hash, setHash] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);
  const [sending, setSending] = useState(false);
  const transfer = refund.next_action?.transfer;
  const wallet = legacyInjectedProvider();
  const amount = money(refund.amount, refund.currency_id);

  const check = (reference: string) => {
    setProblem(null);
    name
      .mutateAsync({ id: refund.id, reference: reference.trim() })
      .catch((error: unknown) => setProblem(errorMessage(error, t('dashboard.refundTransfer.tryAgain'))));
  };
  const sendWithWallet = async () => {
    if (!wallet || !transfer) return;
    setProblem(null);
    setSending(true);
    try {
      const sent = await sendFromWallet(wallet, refund, transfer);
      setHash(sent);
      check(sent);
    } catch (error) {
      if (!isUserRejection(error))
        setProblem(errorMessage(error, t('dashboard.refundTransfer.walletFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('dashboard.refundTransfer.title', { amount })}
      sx={{ p: 2, mt: 2 }}
    >
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h3">
          {t('dashboard.refundTransfer.title', { amount })}
        </Typography>
        {transfer ? (
          <>
            <Typography variant="body2">
              {t('dashboard.refundTransfer.send', { amount, chain: transfer.chain_id })}
            </Typography>
            <Code>{transfer.to}</Code>
            {wallet && (
              <Button
                variant="contained"
                onClick={() => void sendWithWallet()}
                loading={sending}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('dashboard.refundTransfer.sendWithWallet')}
              </Button>
            )}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                size="small"
                label={t('dashboard.refundTransfer.hash')}
                helperText={t('dashboard.refundTransfer.hashHint')}
                value={hash}
                onChange={(event) => setHash(event.target.value)}
                autoComplete="off"
                sx={{ flex: 1 }}
              />
              <Button
                variant="outlined"
                onClick={() => check(hash)}
                disabled={hash.trim() === ''}
                loading={name.isPending}
              >
                {t('dashboard.refundTransfer.check')}
              </Button>
            </Stack>
            <Button color="warning" onClick={() => setCanceling(true)} sx={{ alignSelf: 'flex-start' }}>
              {t('dashboard.refundTransfer.cancel')}
            </Button>
          </>
        ) : (
          <Confirming
            reference={refund.transfer_reference ?? ''}
            busy={name.isPending}
            onCheck={() => check(refund.transfer_reference ?? '')}
          />
        )}
        {problem && (
          <Alert severity="error" onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
      </Stack>
      {canceling && (
        <CancelDialog
          amount={amount}
          onCancel={() => cancel.mutateAsync(refund.id)}
          onClose={() => setCanceling(false)}
        />
      )}
    </Paper>
  );
}

/** The transfer the refund asks for, sent from the wallet in this browser; its transaction hash. */
function sendFromWallet(wallet: Eip1193Provider, refund: Refund, transfer: Record<string, string>) {
  return payWithInjectedWallet(
    wallet,
    {
      type: 'evm_transfer',
      chain_id: Number(transfer.chain_id),
      to: transfer.to ?? '',
      token: transfer.token || null,
      amount: transfer.amount ?? refund.amount,
      currency_id: refund.currency_id,
      decimal: Number(transfer.decimal ?? 0),
      symbol: transfer.symbol ?? '',
    },
    // Any account of the merchant's may send it: the chain shows what reached the payer.
    undefined,
  );
}

/** A transfer named and found, waiting for its confirmations. */
function Confirming({ reference, busy, onCheck }: { reference: string; busy: boolean; onCheck: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2">{t('dashboard.refundTransfer.confirming')}</Typography>
      <Code>{reference}</Code>
      <Button variant="outlined" onClick={onCheck} loading={busy} sx={{ alignSelf: 'flex-start' }}>
        {t('dashboard.refundTransfer.checkAgain')}
      </Button>
    </>
  );
}

function CancelDialog({
  amount,
  onCancel,
  onClose,
}: {
  amount: string;
  onCancel: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('dashboard.refundTransfer.cancelTitle')}
      message={t('dashboard.refundTransfer.cancelMessage', { amount })}
      confirmLabel={t('dashboard.refundTransfer.cancel')}
      tone="warning"
      onConfirm={onCancel}
      onClose={onClose}
    />
  );
}
