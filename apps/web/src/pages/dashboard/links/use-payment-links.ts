import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentLink } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { keepPreviousDataOfMode, modeKey } from '../../../lib/query-client.ts';
import type { NewPaymentLink } from './link-form.ts';

const linksKey = (livemode: boolean) => modeKey(livemode, 'payment-links');

/** One page of the mode's payment links, newest first; `page` zero-based. */
export function usePaymentLinks(livemode: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: modeKey(livemode, 'payment-links', 'list', { page, pageSize }),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/payment-links', { query: { page: page + 1, pageSize, livemode }, signal }),
    placeholderData: keepPreviousDataOfMode(livemode),
  });
}

export function usePaymentLink(id: string, livemode: boolean) {
  return useQuery({
    queryKey: modeKey(livemode, 'payment-links', 'one', id),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/payment-links/:id', { params: { id }, query: { livemode }, signal }),
  });
}

/** Making a link, and turning one off or on; each refreshes the mode's links. */
export function usePaymentLinkChanges(livemode: boolean) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: linksKey(livemode) });
  const create = useMutation({
    mutationFn: (body: NewPaymentLink): Promise<PaymentLink> =>
      kioskClient.call('POST /api/payment-links', { body, query: { livemode } }),
    onSettled,
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      kioskClient.call('PUT /api/payment-links/:id', {
        params: { id },
        body: { active },
        query: { livemode },
      }),
    onSettled,
  });
  return { create, setActive };
}
