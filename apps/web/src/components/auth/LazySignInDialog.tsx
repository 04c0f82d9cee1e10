import { Suspense, lazy } from 'react';
import type { SignInDialogProps } from './SignInDialog.tsx';

// The wallet dialog, its QR encoder and the wallet code load on first use, so the store's first
// visit downloads none of them.
const SignInDialog = lazy(() =>
  import('./SignInDialog.tsx').then((module) => ({ default: module.SignInDialog })),
);

export function LazySignInDialog(props: SignInDialogProps) {
  return <Suspense fallback={null}>{props.open && <SignInDialog {...props} />}</Suspense>;
}
