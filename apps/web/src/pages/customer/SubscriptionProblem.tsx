import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSignInRequest } from '../../hooks/use-sign-in-request.tsx';
import { invoiceProblemOf } from './InvoiceProblem.tsx';

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
      <Typography color="text.secondary" sx={{ maxWidth: 440, whiteSpace: 'pre-line' }}>
        {description}
      </Typography>
      {action}
    </Stack>
  );
}

/**
 * The subscription page in place of a subscription: none of this account's (the server hides others'
 * behind the same 404), nobody signed in, or a failure with the server's message and a retry. The
 * same reading of the answer as the invoice page's.
 */
export function SubscriptionProblem({
  id,
  error,
  onRetry,
}: {
  id: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const [signIn, signInDialog] = useSignInRequest();
  switch (invoiceProblemOf(error)) {
    case 'notFound':
      return (
        <Message
          icon={<SearchOffIcon />}
          title={t('portal.subscription.notFound.title')}
          description={t('portal.subscription.notFound.description', { id })}
        />
      );
    case 'signIn':
      return (
        <Message
          icon={<LockOutlinedIcon />}
          title={t('portal.subscription.signIn.title')}
          description={t('portal.subscription.signIn.description')}
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
          title={t('portal.subscription.loadFailed')}
          description={error instanceof Error && error.message ? error.message : t('error.unknown')}
          action={
            <Button variant="outlined" onClick={onRetry}>
              {t('portal.retry')}
            </Button>
          }
        />
      );
  }
}
