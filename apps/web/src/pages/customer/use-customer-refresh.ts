import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopic, type RealtimeEvent } from '@kiosk/react';
import { modeKey } from '../../lib/query-client.ts';

// Seed 000 §9 and seed 001 §7: a burst of events refreshes once, 1 s after the last, at most 5 s late.
export const REFRESH_DEBOUNCE_MS = 1_000;
export const REFRESH_MAX_WAIT_MS = 5_000;

const refreshes = (type: string) => type.startsWith('invoice.') || type.startsWith('customer.subscription.');

/**
 * Keeps the portal current from the customer's realtime topic: an invoice or subscription event reads
 * the lists again (debounced), and `invoice.paid` says so (seed 001 §7: "a success message and a list
 * refresh"). Answers whether that message is showing and how to dismiss it.
 */
export function useCustomerRefresh(livemode: boolean, customerId: string | null | undefined) {
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstPending = useRef<number | undefined>(undefined);

  const refresh = useCallback(() => {
    timer.current = undefined;
    firstPending.current = undefined;
    void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscriptions') });
    void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'subscription') });
    void queryClient.invalidateQueries({ queryKey: modeKey(livemode, 'invoices') });
  }, [queryClient, livemode]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useRealtimeTopic(customerId ? `customer:${customerId}` : undefined, (event: RealtimeEvent) => {
    if (!refreshes(event.type)) return;
    if (event.type === 'invoice.paid') setPaid(true);
    const now = Date.now();
    firstPending.current ??= now;
    clearTimeout(timer.current);
    const wait = Math.min(REFRESH_DEBOUNCE_MS, firstPending.current + REFRESH_MAX_WAIT_MS - now);
    timer.current = setTimeout(refresh, Math.max(0, wait));
  });

  return { paid, dismissPaid: () => setPaid(false) };
}
