import { moneyText, type Executor } from '../db.ts';

/** A paid donation and what it still gives: its amount less what refunds returned of it. */
export interface KeptDonation {
  id: string;
  payment_link_id: string;
  currency_id: string;
  kept: bigint;
}

/**
 * The paid donations of `linkIds`, newest first, with what each still gives; those refunded in full
 * are left out. What a donation's charges received less what was refunded of them is what it keeps,
 * never more than the donation itself (a refunded overpayment takes nothing from it). Amounts are
 * exact (BigInt over the rows: SQLite would add 18-decimal amounts as floating point).
 */
export async function keptDonations(db: Executor, linkIds: string[]): Promise<KeptDonation[]> {
  if (linkIds.length === 0) return [];
  const paid = db
    .selectFrom('checkout_sessions')
    .where('payment_link_id', 'in', linkIds)
    .where('payment_status', '=', 'paid');
  const [sessions, charges] = await Promise.all([
    paid
      .select(['id', 'payment_link_id', 'currency_id', 'amount_total', 'payment_intent_id'])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('charges')
      .select(['payment_intent_id', 'amount', 'amount_refunded'])
      .where('status', '=', 'succeeded')
      .where('payment_intent_id', 'in', paid.select('payment_intent_id'))
      .execute(),
  ]);
  const received = new Map<string, bigint>();
  for (const charge of charges) {
    const net = BigInt(moneyText(charge.amount)) - BigInt(moneyText(charge.amount_refunded));
    received.set(charge.payment_intent_id, (received.get(charge.payment_intent_id) ?? 0n) + net);
  }
  return sessions.flatMap((session) => {
    const amount = BigInt(moneyText(session.amount_total));
    // A session whose payment left no charge (none is recorded for it) keeps what it was paid.
    const left = session.payment_intent_id ? (received.get(session.payment_intent_id) ?? amount) : amount;
    const kept = left < amount ? left : amount;
    return kept > 0n
      ? [
          {
            id: session.id,
            payment_link_id: session.payment_link_id!,
            currency_id: session.currency_id,
            kept,
          },
        ]
      : [];
  });
}
