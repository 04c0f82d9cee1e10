import type { Benefit, DonationsAnswer, PaymentLink, Supporter } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { moneyText } from '../db.ts';
import type { Deps } from '../deps.ts';
import { checkoutSessionJson } from '../checkout-sessions/table.ts';
import { findLinkIdByTarget, getPaymentLink, linkCurrency } from '../payment-links/queries.ts';
import { getPaymentCurrency } from '../payment-methods/queries.ts';
import { isAnonymousDonor } from './donor.ts';

/**
 * The donation link `target` names: its id, or the `target` of its donation settings (a post, an
 * app), in that mode. Anything else, or a link that takes no donations, is not found.
 */
export async function findDonationLink(deps: Deps, livemode: boolean, target: string): Promise<PaymentLink> {
  const id = target.startsWith('plink_') ? target : await findLinkIdByTarget(deps.db, livemode, target);
  const link = id ? await getPaymentLink(deps.db, livemode, id, deps.baseUrl) : undefined;
  if (!link?.donation_settings) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
  return link;
}

/** GET /api/payment-links/{id}/benefits (seed 000 §7): who else a donation supports. */
export async function benefitsOf(deps: Deps, id: string): Promise<Benefit[]> {
  const link = await getPaymentLink(deps.db, undefined, id, deps.baseUrl);
  if (!link) throw new KioskError('PAYMENT_LINK_NOT_FOUND', { status: 404 });
  return link.donation_settings?.beneficiaries ?? [];
}

/**
 * GET /api/donations?target=… : the link's paid donations, newest first, with how many there are,
 * their sum in the link's currency and each benefit's part of it. Sums are exact (BigInt over the
 * rows: SQLite would add 18-decimal amounts as floating point).
 */
export async function donationsOf(
  deps: Deps,
  livemode: boolean,
  target: string,
  pageSize: number,
): Promise<DonationsAnswer> {
  const link = await findDonationLink(deps, livemode, target);
  const paid = deps.db
    .selectFrom('checkout_sessions')
    .where('payment_link_id', '=', link.id)
    .where('payment_status', '=', 'paid');
  const [rows, amounts, currencyId] = await Promise.all([
    paid
      .leftJoin('customers', 'customers.id', 'checkout_sessions.customer_id')
      .select([
        'checkout_sessions.id',
        'checkout_sessions.customer_did',
        'checkout_sessions.customer_details',
        'checkout_sessions.amount_total',
        'checkout_sessions.currency_id',
        'checkout_sessions.updated_at',
        'customers.did as customer_did_now',
        'customers.name as customer_name',
      ])
      .orderBy('checkout_sessions.updated_at', 'desc')
      .orderBy('checkout_sessions.id', 'desc')
      .limit(pageSize)
      .execute(),
    paid.select(['amount_total', 'currency_id']).execute(),
    linkCurrency(deps.db, livemode, link.currency_id, link.line_items[0]!.price_id),
  ]);
  const currency = await getPaymentCurrency(deps.db, livemode, currencyId);
  const inCurrency = amounts
    .filter((a) => a.currency_id === currencyId)
    .map((a) => BigInt(moneyText(a.amount_total)));
  const supporters = rows.map((row): Supporter => {
    const anonymous = isAnonymousDonor(row.customer_did);
    const did = row.customer_did_now && !isAnonymousDonor(row.customer_did_now) ? row.customer_did_now : null;
    return {
      checkout_session_id: row.id,
      name: checkoutSessionJson.customer_details.read(row.customer_details).name ?? row.customer_name ?? null,
      did,
      anonymous,
      amount: moneyText(row.amount_total),
      currency_id: row.currency_id,
      paid_at: Number(row.updated_at),
    };
  });
  return {
    payment_link_id: link.id,
    title: link.donation_settings!.title ?? null,
    supporters,
    total: amounts.length,
    totalAmount: inCurrency.reduce((sum, amount) => sum + amount, 0n).toString(),
    currency: currency ? { id: currency.id, symbol: currency.symbol, decimal: currency.decimal } : null,
    shares: splitDonations(link.donation_settings!.beneficiaries, inCurrency),
  };
}

/**
 * Each benefit's part of `donations`, donation by donation: fixed amounts first (as far as the
 * donation goes), then each percent of the donation, rounded down to the smallest unit. The rest of
 * each donation, its rounding included, is the merchant's.
 */
export function splitDonations(benefits: Benefit[], donations: bigint[]) {
  const given = benefits.map(() => 0n);
  for (const donation of donations) {
    let left = donation;
    benefits.forEach((benefit, index) => {
      if (benefit.amount === undefined) return;
      const part = BigInt(benefit.amount) < left ? BigInt(benefit.amount) : left;
      given[index]! += part;
      left -= part;
    });
    benefits.forEach((benefit, index) => {
      if (benefit.percent === undefined) return;
      const part = (donation * BigInt(Math.round(benefit.percent * 100))) / 10_000n;
      const taken = part < left ? part : left;
      given[index]! += taken;
      left -= taken;
    });
  }
  return benefits.map((b, index) => ({ name: b.name, address: b.address, amount: given[index]!.toString() }));
}
