import type { PaymentCurrency, PaymentMethod } from '@kiosk/contracts';

/** What is overdue in one currency (the overdue answer's `summary` entry). */
export interface OverdueEntry {
  amount: string;
  currency: Pick<PaymentCurrency, 'id' | 'symbol' | 'decimal' | 'maximum_precision'>;
  method: Pick<PaymentMethod, 'id' | 'type'>;
}

/**
 * Seed 000 §4: each currency row is idle, in progress (`paying`), then Paid or failed (Retry, with the
 * reason). A row stays once paid, so the customer sees every currency end as Paid before the dialog
 * goes.
 */
export type PastDueRowStatus =
  | { status: 'idle' }
  /** `since`: when the transfer was named; the wallet is still asked until then. */
  | { status: 'paying'; since?: number }
  | { status: 'paid' }
  | { status: 'failed'; message: string };

export type PastDueRow = OverdueEntry & PastDueRowStatus & { currencyId: string };

export type PastDueEvent =
  /** The overdue answer, read again: a currency gone from it is paid (here or elsewhere). */
  | { type: 'loaded'; summary: Record<string, OverdueEntry> }
  | { type: 'pay'; currencyId: string }
  /** The wallet sent the transfer and the server has its hash: the row waits for the chain. */
  | { type: 'sent'; currencyId: string; now: number }
  | { type: 'failed'; currencyId: string; message: string };

export type PastDueState = { rows: PastDueRow[] };

export const initialPastDueState: PastDueState = { rows: [] };

/** The method pays by a wallet transfer; seed 000 §4: a card's overdue items open their detail page. */
export function payableInPlace(method: Pick<PaymentMethod, 'type'>): boolean {
  return method.type !== 'stripe';
}

function loaded(rows: PastDueRow[], summary: Record<string, OverdueEntry>): PastDueRow[] {
  const known = rows.map((row): PastDueRow => {
    const entry = summary[row.currencyId];
    if (!entry) return row.status === 'paid' ? row : { ...row, status: 'paid' };
    // Owed again after it was paid (a new invoice fell due): a new row to pay.
    if (row.status === 'paid') return { ...entry, currencyId: row.currencyId, status: 'idle' };
    return { ...row, ...entry };
  });
  const added = Object.entries(summary)
    .filter(([currencyId]) => !rows.some((row) => row.currencyId === currencyId))
    .map(([currencyId, entry]): PastDueRow => ({ ...entry, currencyId, status: 'idle' }));
  return [...known, ...added];
}

export function pastDueReducer(state: PastDueState, event: PastDueEvent): PastDueState {
  const update = (currencyId: string, from: PastDueRowStatus['status'][], to: PastDueRowStatus) => ({
    rows: state.rows.map((row): PastDueRow => {
      if (row.currencyId !== currencyId || !from.includes(row.status)) return row;
      const { amount, currency, method } = row;
      return { amount, currency, method, currencyId, ...to };
    }),
  });
  switch (event.type) {
    case 'loaded':
      return { rows: loaded(state.rows, event.summary) };
    case 'pay':
      return update(event.currencyId, ['idle', 'failed'], { status: 'paying' });
    case 'sent':
      return update(event.currencyId, ['paying'], { status: 'paying', since: event.now });
    case 'failed':
      return update(event.currencyId, ['paying'], { status: 'failed', message: event.message });
  }
}

/** Every row is Paid: nothing blocks the customer any more. */
export function allPaid(state: PastDueState): boolean {
  return state.rows.length > 0 && state.rows.every((row) => row.status === 'paid');
}

/** Some row waits for its payment to be seen: the overdue answer is read again meanwhile. */
export function anyPaying(state: PastDueState): boolean {
  return state.rows.some((row) => row.status === 'paying');
}
