import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getLivemode, setLivemode, subscribeLivemode } from '../lib/livemode.ts';
import { dropModeData } from '../lib/query-client.ts';

export function useLivemode(): boolean {
  return useSyncExternalStore(subscribeLivemode, getLivemode, () => true);
}

/** Switches the app's mode (owners and admins only offer it) and forgets the data of the mode left. */
export function useSwitchLivemode(): (livemode: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (livemode: boolean) => {
      setLivemode(livemode);
      dropModeData(queryClient, !livemode);
    },
    [queryClient],
  );
}
