import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { SUBSCRIPTION_STATUS_COLORS, type SubscriptionStatus } from '@kiosk/core';

/** A subscription's status, in the colours core gives every subscription screen. */
export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      label={t(`portal.subscription.status.${status}`)}
      color={SUBSCRIPTION_STATUS_COLORS[status]}
      size="small"
    />
  );
}
