import { useQuery } from '@tanstack/react-query';
import type { KioskSettings } from '@kiosk/contracts';
import { useKiosk } from '../provider/KioskProvider.tsx';

const SETTINGS_PATH = '/api/settings';

/** Seed 000 §7: the settings are cached in session storage per path and mode. */
function storageKey(baseUrl: string, livemode: boolean): string {
  return `kiosk:${baseUrl}${SETTINGS_PATH}?livemode=${livemode}`;
}

function readCache(key: string): KioskSettings | undefined {
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as KioskSettings) : undefined;
  } catch {
    return undefined; // storage blocked or a broken entry: ask the server
  }
}

function writeCache(key: string, settings: KioskSettings): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(settings));
  } catch {
    // A full or blocked storage only costs a request next time.
  }
}

/** The payment methods and base currency of a mode. */
export function useKioskSettings(livemode: boolean) {
  const { client } = useKiosk();
  return useQuery({
    queryKey: ['settings', client.baseUrl, livemode],
    staleTime: Infinity,
    queryFn: async () => {
      const key = storageKey(client.baseUrl, livemode);
      const cached = readCache(key);
      if (cached) return cached;
      const settings = await client.call('GET /api/settings', { query: { livemode: String(livemode) } });
      writeCache(key, settings);
      return settings;
    },
  });
}
