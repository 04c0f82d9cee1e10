import type { Benefit, DonationsAnswer, PaymentLink, Supporter } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { Deps } from '../deps.ts';
import { checkoutSessionJson } from '../checkout-sessions/table.ts';
import { findLinkIdByTarget, getPaymentLink, linkCurrency } from '../payment-links/queries.ts';
import { getPaymentCurrency } from '../payment-methods/queries.ts';
import { isAnonymousDonor } from './donor.ts';
import { keptDonations } from './kept.ts';

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
 * their sum in the link's currency and each benefit's part of it, each at what it still gives after
 * refunds (one refunded in full is no longer a donation). Sums are exact.
 */
export async function donationsOf(
  deps: Deps,
  livemode: boolean,
  target: string,
  pageSize: number,
): Promise<DonationsAnswer> {
  const link = await findDonationLink(deps, livemode, target);
  const [kept, currencyId] = await Promise.all([
    keptDonations(deps.db, [link.id]),
    linkCurrency(deps.db, livemode, link.currency_id, link.line_items[0]!.price_id),
  ]);
  const page = kept.slice(0, pageSize);
  const [rows, currency] = await Promise.all([
    page.length
      ? deps.db
          .selectFrom('checkout_sessions')
          .leftJoin('customers', 'customers.id', 'checkout_sessions.customer_id')
          .select([
            'checkout_sessions.id',
            'checkout_sessions.customer_did',
            'checkout_sessions.customer_details',
            'checkout_sessions.updated_at',
            'customers.did as customer_did_now',
            'customers.name as customer_name',
          ])
          .where(
            'checkout_sessions.id',
            'in',
            page.map((donation) => donation.id),
          )
          .execute()
      : [],
    getPaymentCurrency(deps.db, livemode, currencyId),
  ]);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const inCurrency = kept.filter((d) => d.currency_id === currencyId).map((d) => d.kept);
  const supporters = page.map((donation): Supporter => {
    const row = rowOf.get(donation.id)!;
    const anonymous = isAnonymousDonor(row.customer_did);
    const did = row.customer_did_now && !isAnonymousDonor(row.customer_did_now) ? row.customer_did_now : null;
    return {
      checkout_session_id: donation.id,
      name: checkoutSessionJson.customer_details.read(row.customer_details).name ?? row.customer_name ?? null,
      did,
      anonymous,
      amount: donation.kept.toString(),
      currency_id: donation.currency_id,
      paid_at: Number(row.updated_at),
    };
  });
  return {
    payment_link_id: link.id,
    title: link.donation_settings!.title ?? null,
    supporters,
    total: kept.length,
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
