import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import type { DetailProblem } from '@kiosk/react/ui';
import { ApiError } from '@kiosk/sdk';
import { useSignInRequest } from '../../hooks/use-sign-in-request.tsx';

/** Why a portal record cannot be shown: it is none of this account's, nobody is signed in, or it failed. */
export type PortalProblemKind = 'notFound' | 'signIn' | 'failed';

export function portalProblemOf(error: unknown): PortalProblemKind {
  if (!(error instanceof ApiError)) return 'failed';
  // The server hides others' records behind the same 404 as missing ones; a malformed id is no different.
  if (
    error.status === 404 ||
    (error.status === 400 && error.details.some(({ path }) => path === 'params.id'))
  )
    return 'notFound';
  if (error.status === 401 || error.status === 403) return 'signIn';
  return 'failed';
}

export interface PortalProblemTexts {
  /**
   * The key prefix of the page's words (`page.invoice`, `portal.subscription`): each has
   * `.notFound.title`, `.notFound.description` (with `{id}`), `.signIn.title`, `.signIn.description`
   * and `.loadFailed`.
   */
  texts: 'page.invoice' | 'portal.subscription';
  retryKey: string;
  id: string;
  onRetry: () => void;
}

/**
 * What the invoice and subscription pages show in place of their record when `error` keeps it away,
 * for the kit's DetailFrame: signing in again reloads it (the sign-in refreshes every query).
 */
export function usePortalProblem(
  error: unknown,
  { texts, retryKey, id, onRetry }: PortalProblemTexts,
): DetailProblem | null {
  const { t } = useTranslation();
  const [signIn, signInDialog] = useSignInRequest();
  if (!error) return null;
  switch (portalProblemOf(error)) {
    case 'notFound':
      return {
        kind: 'notFound',
        title: t(`${texts}.notFound.title`),
        description: t(`${texts}.notFound.description`, { id }),
      };
    case 'signIn':
      return {
        kind: 'denied',
        title: t(`${texts}.signIn.title`),
        description: t(`${texts}.signIn.description`),
        action: (
          <>
            <Button variant="contained" onClick={() => void signIn()}>
              {t('auth.signIn')}
            </Button>
            {signInDialog}
          </>
        ),
      };
    case 'failed':
      return {
        kind: 'error',
        title: t(`${texts}.loadFailed`),
        description: error instanceof Error && error.message ? error.message : t('error.unknown'),
        onRetry,
        retryLabel: t(retryKey),
      };
  }
}
