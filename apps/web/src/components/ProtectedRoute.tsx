import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { useSession } from '../hooks/use-session.ts';
import type { Role } from '@kiosk/core';
import { hasAnyRole } from '../lib/roles.ts';
import { LazySignInDialog } from './auth/LazySignInDialog.tsx';
import { CenteredSpinner } from './CenteredSpinner.tsx';
import { PageMessage } from './PageMessage.tsx';

export interface ProtectedRouteProps {
  children?: ReactNode;
  /** The user needs a passport with one of these roles; without it any signed-in user may enter. */
  roles?: readonly Role[];
}

/**
 * Seed 001 §2 and seed 000 §2: a spinner while there is no user; an initialised session without one
 * opens the sign-in, and the page then renders at this same address. Closing the sign-in unsigned goes
 * to the store home, which anyone may see.
 */
export function ProtectedRoute({ children, roles }: ProtectedRouteProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session, isError } = useSession();
  const user = session?.user;

  if (!session && isError) return <PageMessage status={500} />;
  if (!user) {
    const signInNeeded = session?.initialized === true;
    return (
      <>
        <CenteredSpinner label={t(signInNeeded ? 'auth.waitingForSignIn' : 'auth.checkingSession')} />
        {signInNeeded && <LazySignInDialog open onClose={() => navigate('/', { replace: true })} />}
      </>
    );
  }
  if (roles && !hasAnyRole(user, roles)) return <PageMessage status={403} />;
  return children ?? <Outlet />;
}
