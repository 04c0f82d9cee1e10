import type { Invoice } from '@kiosk/contracts';
import { invoiceMachine } from '@kiosk/core';

/** What a merchant may do to an unpaid invoice: `void` it, or mark it `uncollectible`. */
export type InvoiceAction = 'void' | 'uncollectible';

export const INVOICE_ACTIONS: readonly InvoiceAction[] = ['void', 'uncollectible'];

/**
 * The actions the server takes on this invoice now: those its state machine (packages/core's
 * invoiceMachine) allows from its status, on a subscription's invoice only (a checkout's follows its
 * session: flows/close-invoice.ts answers INVOICE_OF_CHECKOUT), and never on a draft (the services
 * void only open and uncollectible invoices; Kiosk finalises every invoice as it makes it).
 */
export function invoiceActions(invoice: Pick<Invoice, 'status' | 'subscription_id'>): InvoiceAction[] {
  if (!invoice.subscription_id || invoice.status === 'draft') return [];
  return INVOICE_ACTIONS.filter((action) => invoiceMachine.allows(invoice.status, action));
}
