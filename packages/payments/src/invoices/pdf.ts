import { existsSync, readFileSync } from 'node:fs';
import type { Invoice, PaymentCurrency } from '@kiosk/contracts';
import { formatAmount, KioskError, lineTotal, priceIn, type Locale } from '@kiosk/core';
import PDFDocument from 'pdfkit';
import { listCharges } from '../charges/queries.ts';
import type { Executor } from '../db.ts';
import { getPaymentCurrency } from '../payment-methods/queries.ts';
import { loadPrices } from '../prices/queries.ts';
import { expandPrices } from '../products/queries.ts';
import { INVOICE_PDF_TEXT, type InvoicePdfText } from './pdf-text.ts';

/** The CJK font the server's machine carries (fonts-wqy-microhei); Helvetica has no Chinese. */
export const CJK_FONT_PATH = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const CJK_FAMILY = 'WenQuanYiMicroHei';

type ChangeKind = keyof InvoicePdfText['kinds'];

/** One line of the PDF: a priced item (named by its product), or a plan change's line (by its kind). */
export interface InvoicePdfLine {
  name: string | null;
  kind: ChangeKind | null;
  period: { start: number; end: number } | null;
  quantity: number | null;
  /** Smallest units; null when the price it was billed at is gone. */
  amount: string | null;
}

/** Everything an invoice's PDF shows, read before it is drawn. */
export interface InvoicePdf {
  invoice: Invoice;
  /** The invoice's payment currency; undefined when no method has it any more (units shown as kept). */
  currency: Pick<PaymentCurrency, 'symbol' | 'decimal' | 'maximum_precision'> | undefined;
  /** Who sells: the server's name (Kiosk keeps no business name yet). */
  seller: string[];
  lines: InvoicePdfLine[];
  /** The payment's proofs: a chain transaction hash, a card payment's id. */
  transactions: string[];
}

const CHANGE_KINDS = new Set<string>(['unused_time', 'remaining_time', 'price_difference', 'credit_carried']);
const AMOUNT = /^-?\d+$/;

interface RawLine {
  price_id?: unknown;
  quantity?: unknown;
  custom_amount?: unknown;
  amount?: unknown;
  description?: unknown;
  kind?: unknown;
  period?: { start?: unknown; end?: unknown };
}

const periodOf = (line: RawLine) =>
  typeof line.period?.start === 'number' && typeof line.period.end === 'number'
    ? { start: line.period.start, end: line.period.end }
    : null;

/**
 * The invoice's lines as its billing reason stored them: a checkout's (price and quantity, priced
 * here in the invoice's currency), a cycle's (with their amount and the price's nickname), a plan
 * change's (a kind, an amount, a period). Lines of no known shape are left out.
 */
async function pdfLines(db: Executor, invoice: Invoice): Promise<InvoicePdfLine[]> {
  const raw = invoice.lines.filter((line): line is RawLine => typeof line === 'object' && line !== null);
  const priceIds = raw.flatMap((line) => (typeof line.price_id === 'string' ? [line.price_id] : []));
  const prices = await loadPrices(db, invoice.livemode, priceIds);
  const expand = await expandPrices(db, prices);
  return raw.flatMap((line): InvoicePdfLine[] => {
    const stored = typeof line.amount === 'string' && AMOUNT.test(line.amount) ? line.amount : null;
    if (typeof line.price_id === 'string' && typeof line.quantity === 'number') {
      const price = prices.get(line.price_id);
      const terms = price && priceIn(price, invoice.currency_id);
      const custom =
        typeof line.custom_amount === 'string' && AMOUNT.test(line.custom_amount)
          ? BigInt(line.custom_amount)
          : undefined;
      const nickname = typeof line.description === 'string' && line.description ? line.description : null;
      const product = price ? expand(price).product?.name : undefined;
      return [
        {
          name: product && nickname ? `${product} (${nickname})` : (product ?? nickname ?? line.price_id),
          kind: null,
          period: periodOf(line),
          quantity: line.quantity,
          amount: stored ?? (terms ? lineTotal(terms, line.quantity, custom).toString() : null),
        },
      ];
    }
    if (typeof line.kind === 'string' && CHANGE_KINDS.has(line.kind) && stored)
      return [
        { name: null, kind: line.kind as ChangeKind, period: periodOf(line), quantity: null, amount: stored },
      ];
    return [];
  });
}

/** The references of the charges that paid the invoice's payment intent, oldest first. */
async function paymentReferences(db: Executor, invoice: Invoice): Promise<string[]> {
  if (!invoice.payment_intent_id) return [];
  const { list } = await listCharges(db, invoice.livemode, {
    page: 1,
    pageSize: 100,
    payment_intent_id: invoice.payment_intent_id,
    status: 'succeeded',
  });
  return list.map((charge) => charge.reference).reverse();
}

/** Reads what the PDF of `invoice` shows (its currency, its lines' names and prices, its payment). */
export async function readInvoicePdf(
  deps: { db: Executor; baseUrl: string },
  invoice: Invoice,
): Promise<InvoicePdf> {
  return {
    invoice,
    currency: await getPaymentCurrency(deps.db, invoice.livemode, invoice.currency_id),
    seller: [new URL(deps.baseUrl).host],
    lines: await pdfLines(deps.db, invoice),
    transactions: await paymentReferences(deps.db, invoice),
  };
}

/** The font files read once per process: a render parses the bytes, it does not read the disk again. */
const fontBytes = new Map<string, Buffer>();

/**
 * The font to write `locale` in: the CJK font when the machine has it; without it English falls back
 * to Helvetica (undefined) and Chinese cannot be written (503, never a 500).
 */
function fontFor(locale: Locale, path: string): Buffer | undefined {
  const kept = fontBytes.get(path);
  if (kept) return kept;
  if (!existsSync(path)) {
    if (locale === 'zh') throw new KioskError('PDF_FONT_MISSING', { status: 503 });
    return undefined;
  }
  const bytes = readFileSync(path);
  fontBytes.set(path, bytes);
  return bytes;
}

/** UTC, to the minute: the same invoice reads the same wherever it is rendered. */
const dateText = (unix: number) =>
  `${new Date(unix * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const dayText = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);
const periodText = (period: { start: number; end: number }) =>
  `${dayText(period.start)} – ${dayText(period.end)}`;

function moneyOf(pdf: InvoicePdf) {
  const { currency, invoice } = pdf;
  return (amount: string | null) => {
    if (amount === null) return '—';
    if (!currency) return `${amount} ${invoice.currency_id}`;
    return `${formatAmount(amount, currency.decimal, { precision: currency.maximum_precision })} ${currency.symbol}`;
  };
}

const MARGIN = 50;
const GREY = '#666666';
const BLACK = '#000000';

/** Starts a new page when `height` more points do not fit on this one. */
function room(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

/** `label  value` rows, the label grey in a column of its own. */
function fields(doc: PDFKit.PDFDocument, rows: [string, string][]): void {
  for (const [label, value] of rows) {
    room(doc, 16);
    const y = doc.y;
    doc.fillColor(GREY).text(label, MARGIN, y, { width: 120 });
    doc.fillColor(BLACK).text(value, MARGIN + 130, y, { width: 365 });
    doc.y = Math.max(doc.y, y + 14) + 2;
  }
}

function parties(doc: PDFKit.PDFDocument, text: InvoicePdfText, pdf: InvoicePdf): void {
  const { invoice } = pdf;
  const address = invoice.customer_address ?? {};
  const place = [address.city, address.state, address.postal_code].filter(Boolean).join(' ');
  const buyer = [
    invoice.customer_name,
    invoice.customer_email,
    invoice.customer_phone,
    address.line1,
    address.line2,
    place,
    address.country,
  ].filter((part): part is string => Boolean(part));
  room(doc, 80);
  const y = doc.y + 12;
  doc.fillColor(GREY).text(text.seller, MARGIN, y, { width: 235 });
  doc.fillColor(BLACK).text(pdf.seller.join('\n'), { width: 235 });
  const left = doc.y;
  doc.fillColor(GREY).text(text.buyer, MARGIN + 260, y, { width: 235 });
  doc.fillColor(BLACK).text(buyer.join('\n') || '—', { width: 235 });
  doc.y = Math.max(left, doc.y) + 16;
}

const COLUMNS = { description: 280, quantity: 60, amount: 145 } as const;

function lineRow(doc: PDFKit.PDFDocument, cells: [string, string, string], colour = BLACK): void {
  const [description, quantity, amount] = cells;
  const height = Math.max(doc.heightOfString(description, { width: COLUMNS.description }), 12);
  room(doc, height + 6);
  const y = doc.y;
  doc.fillColor(colour);
  doc.text(description, MARGIN, y, { width: COLUMNS.description });
  doc.text(quantity, MARGIN + 285, y, { width: COLUMNS.quantity, align: 'right' });
  doc.text(amount, MARGIN + 350, y, { width: COLUMNS.amount, align: 'right' });
  doc.y = y + height + 6;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + 495, doc.y)
    .strokeColor('#cccccc')
    .lineWidth(0.5)
    .stroke();
  doc.y += 6;
}

function lines(doc: PDFKit.PDFDocument, text: InvoicePdfText, pdf: InvoicePdf): void {
  const money = moneyOf(pdf);
  lineRow(doc, [text.description, text.quantity, text.amount], GREY);
  rule(doc);
  for (const line of pdf.lines) {
    const name = line.kind ? text.kinds[line.kind] : (line.name ?? '');
    const description = line.period ? `${name}\n${periodText(line.period)}` : name;
    lineRow(doc, [description, line.quantity === null ? '' : String(line.quantity), money(line.amount)]);
  }
  rule(doc);
}

function totals(doc: PDFKit.PDFDocument, text: InvoicePdfText, pdf: InvoicePdf): void {
  const money = moneyOf(pdf);
  const { invoice } = pdf;
  const rows: [string, string][] = [
    [text.subtotal, money(invoice.subtotal)],
    [text.tax, money('0')],
    [text.total, money(invoice.total)],
    [text.amountPaid, money(invoice.amount_paid)],
    [text.amountRemaining, money(invoice.amount_remaining)],
  ];
  for (const [label, value] of rows) {
    room(doc, 16);
    const y = doc.y;
    doc.fillColor(GREY).text(label, MARGIN + 200, y, { width: 140, align: 'right' });
    doc.fillColor(BLACK).text(value, MARGIN + 350, y, { width: COLUMNS.amount, align: 'right' });
    doc.y = Math.max(doc.y, y + 14) + 2;
  }
}

/** The payment's proofs, each on a line of its own at the full width (a transaction hash is long). */
function payments(doc: PDFKit.PDFDocument, text: InvoicePdfText, references: string[]): void {
  room(doc, 40);
  doc.y += 12;
  doc.fillColor(GREY).text(text.transactions, MARGIN, doc.y, { width: 495 });
  doc.fontSize(9).fillColor(BLACK);
  for (const reference of references) doc.text(reference, MARGIN, doc.y, { width: 495 });
  doc.fontSize(10);
}

function header(doc: PDFKit.PDFDocument, text: InvoicePdfText, pdf: InvoicePdf): void {
  const { invoice } = pdf;
  doc.fontSize(22).fillColor(BLACK).text(text.title, MARGIN, MARGIN);
  doc.fontSize(10).moveDown(0.5);
  const paidAt = invoice.status_transitions.paid_at;
  fields(doc, [
    [text.number, invoice.number],
    [text.status, text.statuses[invoice.status]],
    [text.created, dateText(invoice.created_at)],
    ...(invoice.period_start !== null && invoice.period_end !== null
      ? [
          [text.period, periodText({ start: invoice.period_start, end: invoice.period_end })] as [
            string,
            string,
          ],
        ]
      : []),
    ...(paidAt !== undefined ? [[text.paidAt, dateText(paidAt)] as [string, string]] : []),
  ]);
}

/**
 * Draws `pdf` in `locale`. The same invoice gives the same bytes: the document's creation date is the
 * invoice's, and pdfkit derives the file's id and the font subset's name from what it writes.
 */
export async function renderInvoicePdf(
  pdf: InvoicePdf,
  locale: Locale,
  options: { fontPath?: string } = {},
): Promise<Buffer> {
  const font = fontFor(locale, options.fontPath ?? CJK_FONT_PATH);
  const text = INVOICE_PDF_TEXT[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale === 'zh' ? 'zh-CN' : 'en',
    displayTitle: true,
    info: {
      Title: `Invoice ${pdf.invoice.number}`,
      CreationDate: new Date(pdf.invoice.created_at * 1000),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (font) doc.registerFont('body', font, CJK_FAMILY).font('body');
  else doc.font('Helvetica');
  header(doc, text, pdf);
  parties(doc, text, pdf);
  lines(doc, text, pdf);
  totals(doc, text, pdf);
  if (pdf.transactions.length > 0) payments(doc, text, pdf.transactions);
  doc.end();
  return done;
}
