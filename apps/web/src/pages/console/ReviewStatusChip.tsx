import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { AppVersionStatus } from '@kiosk/core';

/** Waiting on the admins, good news, bad news, over. */
const STATUS_COLOR: Record<
  AppVersionStatus,
  'default' | 'info' | 'warning' | 'success' | 'error' | 'primary'
> = {
  draft: 'default',
  pending: 'warning',
  inReview: 'info',
  approved: 'primary',
  rejected: 'error',
  cancelled: 'default',
  published: 'success',
};

/**
 * A version's review status, in the store's words (`store.review.status.*`): the admins' queue and
 * the developer's apps show it alike.
 */
export function ReviewStatusChip({ status }: { status: AppVersionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={t(`store.review.status.${status}`)}
    />
  );
}
