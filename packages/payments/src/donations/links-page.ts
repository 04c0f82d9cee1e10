import type { DonationLinkSummary, PageQuery } from '@kiosk/contracts';
import { pageOf } from '@kiosk/platform';
import type { Deps } from '../deps.ts';
import { paymentLinkView } from '../payment-links/view.ts';
import type { PaymentsTables } from '../tables.ts';
import { keptDonations } from './kept.ts';

/**
 * GET /api/donation-links: a page of the mode's donation links, newest first, each with how many
 * donations it keeps and their exact sum in its currency, after refunds (as GET /api/donations). A
 * fixed number of queries per page (links, their prices, donations and charges, currencies).
 */
export async function donationLinksPage(
  deps: Deps,
  livemode: boolean,
  paging: PageQuery,
): Promise<{ list: DonationLinkSummary[]; count: number }> {
  const query = deps.db
    .selectFrom('payment_links')
    .where('livemode', '=', livemode)
    .where('donation_settings', 'is not', null)
    .where('donation_settings', 'not in', ['null', '']);
  const { rows, count } = await pageOf<PaymentsTables, 'payment_links'>(query, paging);
  if (rows.length === 0) return { list: [], count };
  const links = rows.map((row) => paymentLinkView(row, deps.baseUrl));
  const ids = links.map((link) => link.id);
  const [prices, kept] = await Promise.all([
    deps.db
      .selectFrom('prices')
      .select(['id', 'currency_id'])
      .where(
        'id',
        'in',
        links.map((link) => link.line_items[0]!.price_id),
      )
      .execute(),
    keptDonations(deps.db, ids),
  ]);
  const priceCurrency = new Map(prices.map((price) => [price.id, price.currency_id]));
  const currencyOf = new Map(
    links.map((link) => [link.id, link.currency_id ?? priceCurrency.get(link.line_items[0]!.price_id)]),
  );
  const currencyIds = [...new Set([...currencyOf.values()].filter((id) => id !== undefined))];
  const currencies = currencyIds.length
    ? await deps.db
        .selectFrom('payment_currencies')
        .select(['id', 'symbol', 'decimal'])
        .where('id', 'in', currencyIds)
        .execute()
    : [];
  const currencyById = new Map(
    currencies.map((c) => [c.id, { id: c.id, symbol: c.symbol, decimal: c.decimal }]),
  );
  const list = links.map((link): DonationLinkSummary => {
    const currencyId = currencyOf.get(link.id);
    const donations = kept.filter((donation) => donation.payment_link_id === link.id);
    const total = donations
      .filter((donation) => donation.currency_id === currencyId)
      .reduce((sum, donation) => sum + donation.kept, 0n);
    return {
      id: link.id,
      title: link.donation_settings?.title ?? null,
      target: link.donation_settings?.target ?? null,
      active: link.active,
      url: link.url,
      created_at: link.created_at,
      supporters: donations.length,
      totalAmount: total.toString(),
      currency: (currencyId && currencyById.get(currencyId)) || null,
    };
  });
  return { list, count };
}
