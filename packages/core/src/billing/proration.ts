/**
 * What a plan change costs (issue 11 item 5), as invoice lines in the currency's smallest unit. A
 * price chooses one of two modes:
 *
 * - `prorate` (Stripe's `create_prorations`): the unused part of the period already paid at the old
 *   price is credited, and the rest of the period at the new price is charged, both by time to the
 *   second. Two lines, each with `proration: true`.
 * - `difference`: the plain price difference for the period, whatever time is left. One line,
 *   `proration: false`.
 *
 * Rounding: both prorated lines come from one rule, `proratedShare(amount, remaining, length)` = amount ×
 * remaining ÷ length rounded half up, so (a) a change to the same price nets exactly zero, (b) the
 * part of the old price the customer used is `old − credit`, never rounded on its own, so used plus
 * credited is the old price to the unit, and (c) the new price's uncharged part is `new − charge`
 * likewise: the change never creates or loses a unit, whatever the decimals (6 for a stablecoin, 18
 * for ether). Amounts are bigint, never a float.
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

/** `amount × part ÷ whole`, rounded half up on the magnitude; exact in bigint. */
export function proratedShare(amount: bigint, part: number, whole: number): bigint {
  if (!Number.isSafeInteger(part) || !Number.isSafeInteger(whole) || whole <= 0 || part < 0 || part > whole)
    throw new RangeError(`a share needs 0 ≤ part ≤ whole and whole > 0, not ${part}/${whole}`);
  const negative = amount < 0n;
  const magnitude = negative ? -amount : amount;
  const scaled = magnitude * BigInt(part) * 2n + BigInt(whole);
  const rounded = scaled / (2n * BigInt(whole));
  return negative ? -rounded : rounded;
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
  let lines: ChangeLine[];
  if (mode === 'difference') {
    lines = [{ kind: 'price_difference', amount: newAmount - oldAmount, proration: false, period: rest }];
  } else {
    const length = periodEnd - periodStart;
    const remaining = periodEnd - at;
    lines = [
      {
        kind: 'unused_time',
        amount: -proratedShare(oldAmount, remaining, length),
        proration: true,
        period: rest,
      },
      {
        kind: 'remaining_time',
        amount: proratedShare(newAmount, remaining, length),
        proration: true,
        period: rest,
      },
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
