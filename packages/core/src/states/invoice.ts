import { defineMachine } from './machine.ts';

/**
 * Invoices: `draft` → `open` when finalised → `paid`; an open invoice whose collection failed becomes
 * `uncollectible` (shown as "past due, payable") and may still be paid; `void` cancels an unpaid one.
 * `paid` and `void` are final.
 */
export const invoiceMachine = defineMachine({
  resource: 'invoice',
  states: ['draft', 'open', 'paid', 'uncollectible', 'void'],
  initial: ['draft', 'open'],
  transitions: {
    draft: ['open', 'void'],
    open: ['paid', 'uncollectible', 'void'],
    uncollectible: ['paid', 'void'],
    paid: [],
    void: [],
  },
});
export type InvoiceStatus = (typeof invoiceMachine.states)[number];
export const INVOICE_STATUSES = invoiceMachine.states;
