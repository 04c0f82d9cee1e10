import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { KioskClient } from '@kiosk/sdk';

export interface KioskContextValue {
  client: KioskClient;
  /**
   * Opens the host's sign-in and settles when it ends: true when someone signed in. Without it (an
   * embedding host on another origin) the buyer is the customer of the client's authToken.
   */
  signIn?: () => Promise<boolean>;
}

const KioskContext = createContext<KioskContextValue | null>(null);

export interface KioskProviderProps extends KioskContextValue {
  children: ReactNode;
}

/** Gives Kiosk components their API client and the host's sign-in. Needs a QueryClientProvider above it. */
export function KioskProvider({ client, signIn, children }: KioskProviderProps) {
  const value = useMemo(() => ({ client, signIn }), [client, signIn]);
  return <KioskContext.Provider value={value}>{children}</KioskContext.Provider>;
}

export function useKiosk(): KioskContextValue {
  const value = useContext(KioskContext);
  if (!value) throw new Error('Kiosk components need a <KioskProvider> above them');
  return value;
}
