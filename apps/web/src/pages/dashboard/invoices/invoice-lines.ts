import type { CheckoutSession, Invoice } from '@kiosk/contracts';
import { invoiceLinesOf, type InvoiceLineView } from '../../customer/invoice-view.ts';

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
 * subscription's store what each billed (`amount`, `description`, `trial`: the billing engine's
 * CycleLine), which win where present.
 */
export function merchantInvoiceLines(
  invoice: Invoice,
  checkout: CheckoutSession | undefined,
): MerchantInvoiceLine[] {
  const stored = invoice.lines.filter(isBilledLine);
  return invoiceLinesOf(invoice, checkout).map((view, index) => {
    const line = stored[index]!;
    return {
      ...view,
      name: typeof line.description === 'string' && line.description ? line.description : view.name,
      amount:
        typeof line.amount === 'string' && /^\d+$/.test(line.amount) ? BigInt(line.amount) : view.amount,
      trial: line.trial === true,
    };
  });
}
