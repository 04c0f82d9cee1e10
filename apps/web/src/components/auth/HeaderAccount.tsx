import Skeleton from '@mui/material/Skeleton';
import { useSession } from '../../hooks/use-session.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { SignInButton } from './SignInButton.tsx';

/** The header's corner: who is signed in, or the way to sign in. */
export function HeaderAccount() {
  const { data: session, isPending } = useSession();
  if (isPending) return <Skeleton variant="circular" width={32} height={32} />;
  return session?.user ? <AccountMenu user={session.user} /> : <SignInButton />;
}
