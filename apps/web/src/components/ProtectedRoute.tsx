import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

export interface ProtectedRouteProps {
  children?: ReactNode;
}

export function ProtectedRoute({ children }: ProtectedRouteProps) {
  // The identity issue adds the sign-in guard here (seed 001 §2: sign in, then come back to this address).
  return children ?? <Outlet />;
}
