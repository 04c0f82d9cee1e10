import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppDonation, DonateSettings, Setting } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';

const appDonationKey = (did: string) => ['app-donation', did] as const;

/**
 * The store's donation settings for app pages and, while they are on, this app's donation (made or
 * brought up to date by the server on each visit; unchanged, nothing is written).
 */
export function useAppDonation(did: string) {
  return useQuery({
    queryKey: appDonationKey(did),
    queryFn: ({ signal }): Promise<AppDonation> =>
      kioskClient.call('POST /api/apps/:did/donation', { params: { did }, signal }),
    staleTime: 60_000,
  });
}

/** What owners and admins change: enabling donations on app pages, and their settings. */
export function useDonationSettingsChanges(did: string, donation: AppDonation | undefined) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: appDonationKey(did) });
  const query = { livemode: donation?.livemode };
  const enable = useMutation({
    mutationFn: async (): Promise<Setting> => {
      const setting =
        donation?.setting ??
        (await kioskClient.call('POST /api/settings', {
          body: { type: 'donate', mountLocation: donation!.mountLocation, description: 'App pages' },
          query,
        }));
      return kioskClient.call('PUT /api/settings/:id', {
        params: { id: setting.id },
        body: { active: true },
        query,
      });
    },
    onSettled,
  });
  const save = useMutation({
    mutationFn: (settings: DonateSettings): Promise<Setting> =>
      kioskClient.call('PUT /api/settings/:id', {
        params: { id: donation!.setting!.id },
        body: { settings },
        query,
      }),
    onSettled,
  });
  return { enable, save };
}
