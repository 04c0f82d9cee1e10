import { describe, expect, it } from 'vitest';
import { planChangeAmounts, type ProrationMode } from './proration.ts';

/**
 * Plan changes never mint money (issue 21 item 17), checked on random histories.
 *
 * The model is the billing engine's: at each period's start the renewal bills the plan in effect in
 * full; each change in the period adds its `total` (a charge when positive, a credit when negative:
 * credits go on later invoices, so they count as credited whether or not an invoice used them yet).
 * The plan in effect between two changes is "used" for that time.
 *
 * The invariant, for every period k of length L_k and so for any history as a whole:
 *
 *   paid_k − credited_k  ≥  Σ over the stretches of period k: amount of the plan in effect × seconds ÷ L_k
 *
 * where paid_k − credited_k = the renewal's amount + the sum of the period's change totals, compared
 * exactly (both sides × L_k, in bigint). That is: whatever the customer changes to and back, in any
 * modes, at any moments of the period, they never pay less than the time they used costs on the plans
 * they used; a round trip never gains them money; and no rounding ever rounds in their favour.
 */

/** mulberry32: a small seeded generator, so that a failure names the seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const DAY = 86_400;
const MODES: readonly ProrationMode[] = ['prorate', 'difference'];

/** An amount of some currency's smallest units: a few units (rounding shows), 6 decimals or 18. */
function amountOf(random: Random): bigint {
  const scale = random.pick([1n, 1_000_000n, 10n ** 18n]);
  if (scale === 1n) return BigInt(random.int(0, 40));
  return (BigInt(random.int(0, 200)) * scale) / 4n + BigInt(random.int(0, 999_999));
}

/** A period's length: a few seconds (rounding shows), a calendar month, or anything up to 12 days. */
function lengthOf(random: Random): number {
  return random.pick([
    () => random.int(1, 20),
    () => random.pick([28, 29, 30, 31]) * DAY,
    () => random.int(1, 1_000_000),
  ])();
}

/** A moment of [start, end): often the edges, where a change is cheapest or dearest. */
function momentIn(random: Random, start: number, end: number): number {
  return random.pick([
    () => start,
    () => end - 1,
    () => random.int(start, end - 1),
    () => random.int(start, end - 1),
  ])();
}

interface Change {
  at: number;
  to: number;
  mode: ProrationMode;
}

interface History {
  plans: bigint[];
  periods: { length: number; changes: Change[] }[];
}

/** A random history: 2–4 plans, 1–5 periods, 0–6 changes in each, each in a mode of its own. */
function historyOf(random: Random): History {
  const plans = Array.from({ length: random.int(2, 4) }, () => amountOf(random));
  const periods = Array.from({ length: random.int(1, 5) }, () => {
    const length = lengthOf(random);
    const changes = Array.from({ length: random.int(0, 6) }, () => ({
      at: momentIn(random, 0, length),
      to: random.int(0, plans.length - 1),
      mode: random.pick(MODES),
    })).sort((a, b) => a.at - b.at);
    return { length, changes };
  });
  return { plans, periods };
}

/**
 * Runs a history from plan 0 and answers the first period whose invariant fails, with both sides,
 * or undefined when none does.
 */
function firstBreach(history: History): { period: number; net: bigint; usedTimesLength: bigint } | undefined {
  let plan = 0;
  let start = 0;
  for (const [index, { length, changes }] of history.periods.entries()) {
    const end = start + length;
    let net = history.plans[plan]!; // the renewal bills the plan in effect, in full
    let used = 0n; // Σ amount × seconds
    let since = start;
    for (const change of changes) {
      const at = start + change.at;
      used += history.plans[plan]! * BigInt(at - since);
      const amounts = planChangeAmounts({
        oldAmount: history.plans[plan]!,
        newAmount: history.plans[change.to]!,
        periodStart: start,
        periodEnd: end,
        at,
        mode: change.mode,
      });
      net += amounts.total;
      plan = change.to;
      since = at;
    }
    used += history.plans[plan]! * BigInt(end - since);
    if (net * BigInt(length) < used) return { period: index, net, usedTimesLength: used };
    start = end;
  }
  return undefined;
}

describe('plan changes on random histories', () => {
  it('never leave the customer paying less than the time they used costs, in any modes (600 histories)', () => {
    for (let seed = 1; seed <= 600; seed++) {
      const history = historyOf(generator(seed));
      const breach = firstBreach(history);
      if (breach)
        expect.fail(
          `seed ${seed}: period ${breach.period} nets ${breach.net} for time costing ` +
            `${breach.usedTimesLength} ÷ its length; history ${JSON.stringify(history, (_, v: unknown) =>
              typeof v === 'bigint' ? v.toString() : v,
            )}`,
        );
    }
  });

  it('a round trip at any two moments, in any modes, nets at least what the time on the other plan cost more (400 trips)', () => {
    // Up and back: at least the dearer plan's extra for the time on it, so never a credit. Down and
    // back: a credit of at most what the cheaper plan saved for the time on it.
    const random = generator(21_17);
    for (let trip = 0; trip < 400; trip++) {
      const [from, to] = [amountOf(random), amountOf(random)];
      const length = lengthOf(random);
      const [first, second] = [momentIn(random, 0, length), momentIn(random, 0, length)].sort(
        (a, b) => a - b,
      );
      const change = (oldAmount: bigint, newAmount: bigint, at: number) =>
        planChangeAmounts({
          oldAmount,
          newAmount,
          periodStart: 0,
          periodEnd: length,
          at,
          mode: random.pick(MODES),
        }).total;
      const net = change(from, to, first!) + change(to, from, second!);
      const extra = (to - from) * BigInt(second! - first!);
      expect(
        net * BigInt(length) >= extra,
        `${from} → ${to} at ${first}, back at ${second} of ${length}: ${net}`,
      ).toBe(true);
      if (to >= from) expect(net).toBeGreaterThanOrEqual(0n);
    }
  });

  it('the histories do change plan, in both modes and both directions (the generator is not idle)', () => {
    let [ups, downs, differences] = [0, 0, 0];
    for (let seed = 1; seed <= 600; seed++) {
      const history = historyOf(generator(seed));
      let plan = 0;
      for (const change of history.periods.flatMap((period) => period.changes)) {
        if (history.plans[change.to]! > history.plans[plan]!) ups++;
        if (history.plans[change.to]! < history.plans[plan]!) downs++;
        if (change.mode === 'difference') differences++;
        plan = change.to;
      }
    }
    expect(Math.min(ups, downs, differences)).toBeGreaterThan(500);
  });
});
