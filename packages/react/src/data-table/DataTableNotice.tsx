import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DataTableError } from './types.ts';

export interface DataTableNoticeProps {
  error?: DataTableError | null;
  emptyText?: ReactNode;
}

/** What the table shows instead of rows: the load error with a retry, or the empty text. */
export function DataTableNotice({ error, emptyText }: DataTableNoticeProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={error.onRetry}>
            {error.retryLabel ?? t('table.retry')}
          </Button>
        }
        sx={{ textAlign: 'start' }}
      >
        {error.text ?? (
          <>
            {t('table.error')} {error.message}
          </>
        )}
      </Alert>
    );
  }
  return (
    <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {emptyText ?? t('table.empty')}
    </Typography>
  );
}
