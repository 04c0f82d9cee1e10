import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { PaymentIntentStatus } from '@kiosk/core';
import { PAYMENT_STATUS_COLOR } from './payment-status.ts';

export function PaymentStatusChip({ status }: { status: PaymentIntentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PAYMENT_STATUS_COLOR[status]}
      label={t(`dashboard.status.${status}`)}
    />
  );
}
