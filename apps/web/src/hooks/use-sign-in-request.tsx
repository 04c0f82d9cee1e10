import { useCallback, useRef, useState, type ReactNode } from 'react';
import { LazySignInDialog } from '../components/auth/LazySignInDialog.tsx';

/**
 * Sign-in as a promise, for embeddable components that ask the host to sign the buyer in (the
 * KioskProvider's `signIn`): it opens the dialog and settles true once signed in, false when closed.
 */
export function useSignInRequest(): [() => Promise<boolean>, ReactNode] {
  const [open, setOpen] = useState(false);
  const settle = useRef<(signedIn: boolean) => void>(undefined);

  const signIn = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (signedIn: boolean) => {
    setOpen(false);
    settle.current?.(signedIn);
    settle.current = undefined;
  };

  return [
    signIn,
    <LazySignInDialog
      key="sign-in"
      open={open}
      onClose={() => finish(false)}
      onSignedIn={() => finish(true)}
    />,
  ];
}
