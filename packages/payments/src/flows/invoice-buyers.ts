import { checkoutSessionJson } from '../checkout-sessions/table.ts';
import type { Executor } from '../db.ts';
import { customerJson } from '../customers/table.ts';
import type { InvoiceBuyer } from '../invoices/table.ts';

/**
 * What the buyer of each invoice gave, kept on the invoice when it is made (issue 23 item 6): the
 * details given at its checkout, else the customer's as they are at that moment. A later purchase
 * under other details changes the customer, never an invoice made before it. One read of each table
 * for a whole batch (a billing sweep's page).
 */
export async function invoiceBuyers(
  trx: Executor,
  refs: { customerId: string; checkoutSessionId: string | null }[],
): Promise<InvoiceBuyer[]> {
  const sessionIds = [...new Set(refs.flatMap((ref) => ref.checkoutSessionId ?? []))];
  const customerIds = [...new Set(refs.map((ref) => ref.customerId))];
  const sessions = sessionIds.length
    ? await trx
        .selectFrom('checkout_sessions')
        .select(['id', 'customer_details'])
        .where('id', 'in', sessionIds)
        .execute()
    : [];
  const customers = customerIds.length
    ? await trx
        .selectFrom('customers')
        .select(['id', 'name', 'email', 'phone', 'address'])
        .where('id', 'in', customerIds)
        .execute()
    : [];
  const given = new Map(
    sessions.map((s) => [s.id, checkoutSessionJson.customer_details.read(s.customer_details)]),
  );
  const current = new Map(customers.map((c) => [c.id, c]));
  return refs.map(({ customerId, checkoutSessionId }) => {
    const atCheckout = checkoutSessionId ? given.get(checkoutSessionId) : undefined;
    const customer = current.get(customerId);
    const address = atCheckout?.address ?? (customer && customerJson.address.read(customer.address));
    return {
      name: atCheckout?.name ?? customer?.name ?? null,
      email: atCheckout?.email ?? customer?.email ?? null,
      phone: atCheckout?.phone ?? customer?.phone ?? null,
      address: address && Object.keys(address).length > 0 ? address : null,
    };
  });
}
