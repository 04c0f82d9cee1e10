/**
 * What a plan change costs (issue 11 item 5), as invoice lines in the currency's smallest unit. The
 * change's mode (the flow gives the pair's: `difference` when either plan's price says so, so that a
 * change and its way back are priced alike, issue 21 item 17):
 *
 * - `prorate` (Stripe's `create_prorations`): the unused part of the period already paid at the old
 *   price is credited, and the rest of the period at the new price is charged, both by time to the
 *   second. Two lines, each with `proration: true`.
 * - `difference`: a dearer plan costs the plain price difference for the period, whatever time is
 *   left. One line, `price_difference`.
 *
 * Whatever the mode, a change never credits more than the unused part of what was paid (issue 21
 * item 17): a cheaper plan's credit is the price difference for the time left, `(old − new) ×
 * remaining ÷ length`, in `difference` mode too (crediting the whole difference for time already
 * used would let a customer downgrade before each renewal and upgrade after it, paying the cheap plan
 * and using the dear one). So the customer's payments minus their credits always cover the time used
 * on each plan, and a change and its way back never net a credit (proration-invariant.test.ts).
 *
 * Rounding: the change's total is the exact prorated difference rounded up (toward the merchant) —
 * a credit is rounded down, a charge up — so no sequence of changes gains the customer even a unit;
 * the `unused_time` credit is rounded down and `remaining_time` is the rest of the total, each within
 * a unit of exact. A change to the same amount nets exactly zero. Amounts are bigint, never a float.
 *
 * When the total is negative (a downgrade), nothing is due and the rest is `credit`: whether it is
 * applied to the next invoice (`applyCredit`) or issued to the customer is the caller's choice.
 */

export type ProrationMode = 'prorate' | 'difference';

export interface PlanChange {
  /** What the old plan costs per period (unit amount × quantity), smallest units. */
  oldAmount: bigint;
  /** What the new plan costs per period, same currency. */
  newAmount: bigint;
  /** The current period, unix seconds: start inclusive, end exclusive. */
  periodStart: number;
  periodEnd: number;
  /** When the change takes effect, within the period. */
  at: number;
  mode: ProrationMode;
}

export type ChangeLineKind = 'unused_time' | 'remaining_time' | 'price_difference';

export interface ChangeLine {
  kind: ChangeLineKind;
  /** Negative for a credit. */
  amount: bigint;
  /** Stripe's invoice item flag: true for a line computed by time. */
  proration: boolean;
  /** The stretch of time the line pays for (or credits). */
  period: { start: number; end: number };
}

export interface PlanChangeAmounts {
  lines: ChangeLine[];
  /** The lines' sum: positive is owed by the customer, negative is owed to them. */
  total: bigint;
  /** What the change invoice asks for now: the total when positive, else 0. */
  amountDue: bigint;
  /** What the customer is owed when the change lowers the price, else 0. */
  credit: bigint;
}

/**
 * `amount × part ÷ whole`, exact in bigint, rounded `up` (toward +∞) or `down` (toward −∞): a charge
 * is rounded up and a credit down, so rounding never favours the customer.
 */
export function proratedShare(amount: bigint, part: number, whole: number, rounding: 'up' | 'down'): bigint {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || whole <= 0 || part < 0 || part > whole)
    throw new RangeError(`a share needs 0 ≤ part ≤ whole and whole > 0, not ${part}/${whole}`);
  const scaled = amount * BigInt(part);
  const divisor = BigInt(whole);
  const truncated = scaled / divisor; // bigint division truncates toward zero
  const exact = truncated * divisor === scaled;
  if (exact) return truncated;
  if (rounding === 'up') return scaled > 0n ? truncated + 1n : truncated;
  return scaled < 0n ? truncated - 1n : truncated;
}

/** The amounts of one plan change; the change must fall inside the period (start ≤ at < end). */
export function planChangeAmounts(change: PlanChange): PlanChangeAmounts {
  const { oldAmount, newAmount, periodStart, periodEnd, at, mode } = change;
  if (!(periodStart < periodEnd))
    throw new RangeError(`the period must end after it starts (${periodStart}..${periodEnd})`);
  if (at < periodStart || at >= periodEnd)
    throw new RangeError(`the change at ${at} is outside the period ${periodStart}..${periodEnd}`);
  if (oldAmount < 0n || newAmount < 0n) throw new RangeError('a plan costs zero or more');

  const rest = { start: at, end: periodEnd };
  const length = periodEnd - periodStart;
  const remaining = periodEnd - at;
  // The price difference for the time left, rounded toward the merchant: the one rule both ways.
  const prorated = proratedShare(newAmount - oldAmount, remaining, length, 'up');
  let lines: ChangeLine[];
  if (mode === 'difference') {
    // A dearer plan costs the whole difference; a cheaper one credits only the time left of it.
    const upgrade = newAmount >= oldAmount;
    const amount = upgrade ? newAmount - oldAmount : prorated;
    lines = [{ kind: 'price_difference', amount, proration: !upgrade, period: rest }];
  } else {
    const unused = proratedShare(oldAmount, remaining, length, 'down');
    lines = [
      { kind: 'unused_time', amount: -unused, proration: true, period: rest },
      { kind: 'remaining_time', amount: prorated + unused, proration: true, period: rest },
    ];
  }
  const total = lines.reduce((sum, line) => sum + line.amount, 0n);
  return { lines, total, amountDue: total > 0n ? total : 0n, credit: total < 0n ? -total : 0n };
}

/** A credit applied to an invoice: what is still due on it, and the credit left for later ones. */
export function applyCredit(invoiceTotal: bigint, credit: bigint): { amountDue: bigint; creditLeft: bigint } {
  if (invoiceTotal < 0n || credit < 0n)
    throw new RangeError('an invoice total and a credit are zero or more');
  const used = credit < invoiceTotal ? credit : invoiceTotal;
  return { amountDue: invoiceTotal - used, creditLeft: credit - used };
}
