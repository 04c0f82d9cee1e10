import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { AppVersionStatus } from '@kiosk/core';
import { STATUS_COLOR } from './review-actions.ts';

/** A version's review status, in the store's words (`store.review.status.*`). */
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
