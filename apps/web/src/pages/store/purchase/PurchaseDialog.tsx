import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import { CheckoutForm, KioskProvider } from '@kiosk/react';
import { DialogFrame } from '@kiosk/react/ui';
import { useSignInRequest } from '../../../hooks/use-sign-in-request.tsx';
import { kioskClient } from '../../../lib/api.ts';

export interface PurchaseDialogProps {
  title: string;
  /** The buyer's Kiosk Pay checkout session for the app. */
  sessionId: string;
  /** Paid: the store makes the sale from Kiosk Pay's event, a moment later. */
  paid: boolean;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * Kiosk Pay's checkout, embedded on the app page (issue 24 item 2): the store sells as any merchant
 * does, through the same CheckoutForm a host app mounts. Its own module: the checkout's code loads
 * when a buyer opens it, never with the app page.
 */
export function PurchaseDialog({ title, sessionId, paid, onPaid, onClose }: PurchaseDialogProps) {
  const { t } = useTranslation();
  const [signIn, signInDialog] = useSignInRequest();
  return (
    <DialogFrame title={title} onClose={onClose} size="md" fullScreenOnPhone closeLabel={t('paidApps.close')}>
      <DialogContent>
        {paid && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('paidApps.unlocking')}
          </Alert>
        )}
        <KioskProvider client={kioskClient} signIn={signIn}>
          <CheckoutForm id={sessionId} mode="inline" onPaid={onPaid} onCancel={onClose} />
          {signInDialog}
        </KioskProvider>
      </DialogContent>
    </DialogFrame>
  );
}
