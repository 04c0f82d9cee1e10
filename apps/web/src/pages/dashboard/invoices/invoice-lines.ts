import type { CheckoutSession, Invoice, Subscription } from '@kiosk/contracts';
import { invoiceLinesOf, type InvoiceLineView } from '../../customer/invoice-view.ts';
import { itemName } from '../../customer/subscription-view.ts';

/** An invoice line as the merchant reads it: a subscription's line keeps its own amount and words. */
export interface MerchantInvoiceLine extends InvoiceLineView {
  /** A trial's line: billed at nothing. */
  trial: boolean;
}

interface BilledLine {
  price_id: string;
  quantity: number;
  amount?: unknown;
  description?: unknown;
  trial?: unknown;
}

const isBilledLine = (line: unknown): line is BilledLine =>
  typeof (line as Partial<BilledLine> | null)?.price_id === 'string' &&
  typeof (line as Partial<BilledLine>).quantity === 'number';

/**
 * The invoice's lines: a checkout's are named and priced by its session (invoiceLinesOf); a
 * subscription's store what each billed (`amount`, `description` (the price's nickname), `trial`: the
 * billing engine's CycleLine), which win where present, and are named by the subscription's item of
 * the same price (its product), where it still has one.
 */
export function merchantInvoiceLines(
  invoice: Invoice,
  checkout: CheckoutSession | undefined,
  subscription?: Subscription,
): MerchantInvoiceLine[] {
  const stored = invoice.lines.filter(isBilledLine);
  return invoiceLinesOf(invoice, checkout).map((view, index) => {
    const line = stored[index]!;
    const item = subscription?.items.find((candidate) => candidate.price_id === line.price_id);
    let name = view.name;
    if (item) name = itemName(item);
    else if (typeof line.description === 'string' && line.description) name = line.description;
    return {
      ...view,
      name,
      amount:
        typeof line.amount === 'string' && /^\d+$/.test(line.amount) ? BigInt(line.amount) : view.amount,
      trial: line.trial === true,
    };
  });
}
