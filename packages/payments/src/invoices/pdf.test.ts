import type { Invoice } from '@kiosk/contracts';
import { isKioskError } from '@kiosk/core';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdf } from './pdf.ts';
import { INVOICE_PDF_TEXT } from './pdf-text.ts';

/** The PDF's streams, inflated (every stream pdfkit writes is FlateDecode). */
function streams(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const found: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      found.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream.
    }
  }
  return found;
}

/** The code points the ToUnicode maps give each glyph id (pdfkit writes them as bfrange arrays). */
function toUnicode(pdf: Buffer): Map<number, string> {
  const map = new Map<number, string>();
  for (const stream of streams(pdf).filter((s) => s.includes('beginbfrange'))) {
    for (const [, start, list] of stream.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/g)) {
      [...list!.matchAll(/<([0-9a-f]+)>/g)].forEach(([, hex], index) => {
        const units = hex!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
        map.set(parseInt(start!, 16) + index, String.fromCharCode(...units));
      });
    }
  }
  return map;
}

/**
 * The text each TJ operator draws, read back through the ToUnicode map (a CID font's glyph ids are
 * four hex digits), or as single bytes for Helvetica, which has no map.
 */
function textOf(pdf: Buffer): string[] {
  const cmap = toUnicode(pdf);
  const drawn: string[] = [];
  for (const stream of streams(pdf)) {
    for (const [, array] of stream.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-f]*)>/g)].map(([, digits]) => digits!).join('');
      drawn.push(
        cmap.size > 0
          ? hex
              .match(/.{4}/g)!
              .map((id) => cmap.get(parseInt(id, 16)) ?? '?')
              .join('')
          : Buffer.from(hex, 'hex').toString('latin1'),
      );
    }
  }
  return drawn;
}

const TX = `0x${'ab'.repeat(32)}`;

const invoice: Invoice = {
  id: 'in_pdf_unit',
  object: 'invoice',
  livemode: false,
  number: 'KSK-20260101-7QX2MD',
  status: 'paid',
  billing_reason: 'checkout',
  description: null,
  customer_id: 'cus_1',
  subscription_id: null,
  checkout_session_id: 'cs_1',
  payment_intent_id: 'pi_1',
  currency_id: 'pc_kdt',
  subtotal: '5400000',
  total: '5400000',
  amount_due: '5400000',
  amount_paid: '5400000',
  amount_remaining: '0',
  lines: [],
  period_start: null,
  period_end: null,
  status_transitions: { finalized_at: 1767225600, paid_at: 1767225900 },
  attempt_count: 0,
  next_payment_attempt: null,
  last_payment_error: null,
  customer_name: '李雷',
  customer_email: 'lilei@example.com',
  customer_phone: '+86 10 1234 5678',
  customer_address: { line1: '1 Chang An Jie', city: 'Beijing', country: 'CN' },
  metadata: {},
  created_at: 1767225600,
  updated_at: 1767225900,
};

const pdf: InvoicePdf = {
  invoice,
  currency: { symbol: 'KDT', decimal: 6, maximum_precision: 6 },
  seller: ['pay.example.com'],
  lines: [
    { name: 'Poster', kind: null, period: null, quantity: 2, amount: '5000000' },
    {
      name: null,
      kind: 'price_difference',
      period: { start: 1767225600, end: 1769904000 },
      quantity: null,
      amount: '400000',
    },
  ],
  transactions: [TX],
};

describe('the invoice PDF', () => {
  it('writes an English invoice: its title, number, lines, totals, the tax at 0 and the payment', async () => {
    const bytes = await renderInvoicePdf(pdf, 'en');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(Invoice ${invoice.number})`);
    expect(bytes.toString('latin1')).toContain('WenQuanYiMicroHei');
    const text = textOf(bytes);
    for (const shown of [
      'Invoice',
      invoice.number,
      'Paid',
      '2026-01-01 00:00 UTC',
      '2026-01-01 00:05 UTC',
      'pay.example.com',
      '李雷',
      'lilei@example.com',
      'Beijing',
      'Poster',
      '5 KDT',
      'Price difference',
      '2026-01-01 – 2026-02-01',
      '0.4 KDT',
      'Tax',
      '0 KDT',
      'Total',
      '5.4 KDT',
      'Amount remaining',
      TX,
    ])
      expect(text, shown).toContain(shown);
  });

  it('writes a Chinese invoice in WenQuanYi, whose ToUnicode map covers the Chinese labels', async () => {
    const bytes = await renderInvoicePdf(pdf, 'zh');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = bytes.toString('latin1');
    expect(raw).toContain(`(Invoice ${invoice.number})`);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+WenQuanYiMicroHei/);
    const mapped = new Set(toUnicode(bytes).values());
    // 发 is U+53D1, 票 U+7968.
    expect([...mapped]).toEqual(expect.arrayContaining(['发', '票']));
    const zh = INVOICE_PDF_TEXT.zh;
    const labels = [zh.title, zh.status, zh.statuses.paid, zh.tax, zh.subtotal, zh.total, zh.amountPaid];
    for (const char of labels.join('')) expect(mapped, char).toContain(char);
    const text = textOf(bytes);
    for (const shown of ['发票', '已支付', '税额', '合计', '差价', '0 KDT', '5.4 KDT', '李雷', TX])
      expect(text, shown).toContain(shown);
  });

  it('renders the same invoice to the same bytes', async () => {
    for (const locale of ['en', 'zh'] as const) {
      const [first, second] = [await renderInvoicePdf(pdf, locale), await renderInvoicePdf(pdf, locale)];
      expect(first.equals(second), locale).toBe(true);
    }
    expect((await renderInvoicePdf(pdf, 'en')).toString('latin1')).toContain('(D:20260101000000Z)');
  });

  it('shows units and the currency id when no method has the currency any more, and "—" for a lost price', async () => {
    const text = textOf(
      await renderInvoicePdf(
        {
          ...pdf,
          currency: undefined,
          lines: [{ name: 'price_gone', kind: null, period: null, quantity: 1, amount: null }],
          transactions: [],
        },
        'en',
      ),
    );
    expect(text).toEqual(expect.arrayContaining(['price_gone', '—', '5400000 pc_kdt', '0 pc_kdt']));
    expect(text).not.toContain('Payment');
  });

  it('falls back to Helvetica in English without the CJK font, and refuses Chinese with a 503', async () => {
    const fontPath = '/nonexistent/wqy-microhei.ttc';
    const bytes = await renderInvoicePdf(pdf, 'en', { fontPath });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/BaseFont /Helvetica');
    expect(bytes.toString('latin1')).not.toContain('WenQuanYi');
    expect(textOf(bytes)).toContain('Tax');
    const refused = await renderInvoicePdf(pdf, 'zh', { fontPath }).catch((error: unknown) => error);
    expect(isKioskError(refused) && [refused.code, refused.status]).toEqual(['PDF_FONT_MISSING', 503]);
  });
});
