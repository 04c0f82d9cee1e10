import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InjectedWalletOption } from '../wallet-connect/types.ts';
import { legacyInjectedProvider, type Eip1193Provider, type Eip6963ProviderDetail } from './eip1193.ts';

const LEGACY_WALLET_ID = 'window.ethereum';

/**
 * The wallets in this browser: those announcing themselves through EIP-6963, or else the one on
 * `window.ethereum` (older wallets, which cannot tell their name).
 */
export function useInjectedWallets(): InjectedWalletOption<Eip1193Provider>[] {
  const { t } = useTranslation();
  const [announced, setAnnounced] = useState<InjectedWalletOption<Eip1193Provider>[]>([]);

  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<Eip6963ProviderDetail | undefined>).detail;
      if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return;
      const { info, provider } = detail;
      setAnnounced((wallets) =>
        wallets.some((wallet) => wallet.id === info.uuid)
          ? wallets
          : [...wallets, { id: info.uuid, name: info.name, icon: info.icon, provider }],
      );
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    // Wallets that loaded before this listener announce again when asked.
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
  }, []);

  if (announced.length > 0) return announced;
  const legacy = legacyInjectedProvider();
  return legacy ? [{ id: LEGACY_WALLET_ID, name: t('auth.browserWallet'), provider: legacy }] : [];
}
