import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@kiosk/sdk';
import { kioskClient } from '../lib/api.ts';
import { goToSiteRoot } from '../lib/site-root.ts';

async function endSession(): Promise<void> {
  try {
    await kioskClient.call('POST /api/auth/logout');
  } catch (error) {
    // A session that already ended (expired, signed out in another tab) is the outcome wanted.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: endSession, onSuccess: goToSiteRoot });
}
