import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpointInput, WebhookEndpointUpdate } from '@kiosk/contracts';
import { kioskClient } from '../../../lib/api.ts';
import { modeKey } from '../../../lib/query-client.ts';

/** Every endpoint query of a mode sits under this key, so a change refreshes the list and the page. */
/** A new endpoint as sent: the server enables it unless told otherwise. */
type NewEndpoint = Omit<WebhookEndpointInput, 'disabled'> & { disabled?: boolean };

const endpointsKey = (livemode: boolean, ...parts: unknown[]) =>
  modeKey(livemode, 'webhook-endpoints', ...parts);

export function useWebhookEndpoints(livemode: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: endpointsKey(livemode, 'list', page, pageSize),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/webhook-endpoints', {
        // The list's page counts from 0 as DataTable does; the API's from 1 (seed 001 §7).
        query: { page: page + 1, pageSize, livemode },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookEndpoint(id: string, livemode: boolean) {
  return useQuery({
    queryKey: endpointsKey(livemode, 'one', id),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/webhook-endpoints/:id', { params: { id }, query: { livemode }, signal }),
  });
}

export function useWebhookDeliveries(endpointId: string, livemode: boolean, page: number, pageSize: number) {
  return useQuery({
    queryKey: endpointsKey(livemode, 'one', endpointId, 'deliveries', page, pageSize),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/webhook-endpoints/:id/deliveries', {
        params: { id: endpointId },
        query: { page: page + 1, pageSize, livemode },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The endpoint changes of a mode; each refreshes every endpoint query of that mode once it settles. */
export function useEndpointChanges(livemode: boolean) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: endpointsKey(livemode) });
  const create = useMutation({
    mutationFn: (body: NewEndpoint) =>
      kioskClient.call('POST /api/webhook-endpoints', { body, query: { livemode } }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookEndpointUpdate }) =>
      kioskClient.call('PUT /api/webhook-endpoints/:id', { params: { id }, body, query: { livemode } }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      kioskClient.call('DELETE /api/webhook-endpoints/:id', { params: { id }, query: { livemode } }),
    onSettled,
  });
  const roll = useMutation({
    mutationFn: (id: string) =>
      kioskClient.call('POST /api/webhook-endpoints/:id/roll-secret', {
        params: { id },
        query: { livemode },
      }),
    onSettled,
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) =>
      kioskClient.call('POST /api/webhook-deliveries/:id/resend', {
        params: { id: deliveryId },
        query: { livemode },
      }),
    onSettled,
  });
  return { create, update, remove, roll, resend };
}

/** The events log: a type or group (`''` for all) and one object's id (`''` for every object). */
export function useEvents(livemode: boolean, page: number, pageSize: number, type: string, objectId: string) {
  return useQuery({
    queryKey: modeKey(livemode, 'events', 'log', type, objectId, page, pageSize),
    queryFn: ({ signal }) =>
      kioskClient.call('GET /api/events', {
        query: {
          page: page + 1,
          pageSize,
          livemode,
          ...(type ? { type } : {}),
          ...(objectId ? { object_id: objectId } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
