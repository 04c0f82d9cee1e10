import { useSyncExternalStore } from 'react';
import { getLivemode, subscribeLivemode } from '../lib/livemode.ts';

export function useLivemode(): boolean {
  return useSyncExternalStore(subscribeLivemode, getLivemode, () => true);
}
