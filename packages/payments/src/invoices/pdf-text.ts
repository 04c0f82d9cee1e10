import type { InvoiceStatus, Locale } from '@kiosk/core';

/** The words of an invoice's PDF (pdf.ts), in each language the server answers in. */
export interface InvoicePdfText {
  title: string;
  number: string;
  status: string;
  statuses: Record<InvoiceStatus, string>;
  created: string;
  period: string;
  paidAt: string;
  seller: string;
  buyer: string;
  description: string;
  quantity: string;
  amount: string;
  /** Kiosk has no tax yet: the line says 0. */
  tax: string;
  subtotal: string;
  total: string;
  amountPaid: string;
  amountRemaining: string;
  transactions: string;
  /** The change lines of a plan change (change-plan.ts), by kind. */
  kinds: Record<'unused_time' | 'remaining_time' | 'price_difference' | 'credit_carried', string>;
}

const en: InvoicePdfText = {
  title: 'Invoice',
  number: 'Invoice number',
  status: 'Status',
  statuses: { draft: 'Draft', open: 'Open', paid: 'Paid', uncollectible: 'Uncollectible', void: 'Void' },
  created: 'Created',
  period: 'Billing period',
  paidAt: 'Paid on',
  seller: 'From',
  buyer: 'Bill to',
  description: 'Description',
  quantity: 'Qty',
  amount: 'Amount',
  tax: 'Tax',
  subtotal: 'Subtotal',
  total: 'Total',
  amountPaid: 'Amount paid',
  amountRemaining: 'Amount remaining',
  transactions: 'Payment',
  kinds: {
    unused_time: 'Unused time on the previous plan',
    remaining_time: 'Remaining time on the new plan',
    price_difference: 'Price difference',
    credit_carried: 'Credit carried to a later invoice',
  },
};

const zh: InvoicePdfText = {
  title: '发票',
  number: '发票编号',
  status: '状态',
  statuses: { draft: '草稿', open: '待支付', paid: '已支付', uncollectible: '无法收款', void: '已作废' },
  created: '创建时间',
  period: '账单周期',
  paidAt: '支付时间',
  seller: '销售方',
  buyer: '购买方',
  description: '项目',
  quantity: '数量',
  amount: '金额',
  tax: '税额',
  subtotal: '小计',
  total: '合计',
  amountPaid: '已付金额',
  amountRemaining: '剩余应付',
  transactions: '支付记录',
  kinds: {
    unused_time: '原方案未使用时间',
    remaining_time: '新方案剩余时间',
    price_difference: '差价',
    credit_carried: '结转至后续账单的余额',
  },
};

export const INVOICE_PDF_TEXT: Record<Locale, InvoicePdfText> = { en, zh };
