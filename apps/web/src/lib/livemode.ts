// Seed 001 §1: the mode lives in localStorage and is live unless the stored text is exactly 'false'.
const STORAGE_KEY = 'livemode';
const listeners = new Set<() => void>();

export function getLivemode(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'false';
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames); live is the safe default.
    return true;
  }
}

export function setLivemode(livemode: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(livemode));
  } finally {
    listeners.forEach((listener) => listener());
  }
}

/** For useSyncExternalStore: fires on changes from this tab and, through the storage event, from other tabs. */
export function subscribeLivemode(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
