import { useSearchParams } from 'react-router';
import { useLivemode } from '../../hooks/use-livemode.ts';

/**
 * The mode a portal page reads its data in. A buyer never switches modes, so a test checkout's success
 * screen links with `?livemode=false`; that wins over the app's own mode, and the portal's links pass it on.
 */
export function usePortalLivemode(): boolean {
  const [params] = useSearchParams();
  const appLivemode = useLivemode();
  const asked = params.get('livemode');
  return asked === 'false' ? false : asked === 'true' ? true : appLivemode;
}

/** A portal address in `livemode`: test data is asked for in test mode whatever the app's own mode. */
export function portalPath(path: string, livemode: boolean): string {
  return livemode ? path : `${path}?livemode=false`;
}
