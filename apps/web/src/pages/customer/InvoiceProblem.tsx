import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError } from '@kiosk/sdk';
import { useSignInRequest } from '../../hooks/use-sign-in-request.tsx';

/** Why an invoice cannot be shown: it is none of this account's, nobody is signed in, or it failed. */
export type InvoiceProblemKind = 'notFound' | 'signIn' | 'failed';

export function invoiceProblemOf(error: unknown): InvoiceProblemKind {
  if (!(error instanceof ApiError)) return 'failed';
  // The server hides others' invoices behind the same 404 as missing ones; a malformed id is no different.
  if (
    error.status === 404 ||
    (error.status === 400 && error.details.some(({ path }) => path === 'params.id'))
  )
    return 'notFound';
  if (error.status === 401 || error.status === 403) return 'signIn';
  return 'failed';
}

function Message({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }} aria-hidden>
        {icon}
      </Box>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        {description}
      </Typography>
      {action}
    </Stack>
  );
}

/** The invoice page in place of an invoice; signing in again reloads it (the sign-in refreshes every query). */
export function InvoiceProblem({ id, error, onRetry }: { id: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const [signIn, signInDialog] = useSignInRequest();
  switch (invoiceProblemOf(error)) {
    case 'notFound':
      return (
        <Message
          icon={<SearchOffIcon />}
          title={t('page.invoice.notFound.title')}
          description={t('page.invoice.notFound.description', { id })}
        />
      );
    case 'signIn':
      return (
        <Message
          icon={<LockOutlinedIcon />}
          title={t('page.invoice.signIn.title')}
          description={t('page.invoice.signIn.description')}
          action={
            <>
              <Button variant="contained" onClick={() => void signIn()}>
                {t('auth.signIn')}
              </Button>
              {signInDialog}
            </>
          }
        />
      );
    case 'failed':
      return (
        <Message
          icon={<ErrorOutlineIcon />}
          title={t('page.invoice.loadFailed')}
          description={error instanceof Error ? error.message : t('error.unknown')}
          action={
            <Button variant="outlined" onClick={onRetry}>
              {t('page.invoice.retry')}
            </Button>
          }
        />
      );
  }
}
