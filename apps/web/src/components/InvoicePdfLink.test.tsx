import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { renderWithProviders } from '../test-support/render-app.tsx';
import { InvoicePdfLink } from './InvoicePdfLink.tsx';

afterEach(cleanup);

describe('InvoicePdfLink', () => {
  it.each([
    ['en', 'Download PDF'],
    ['zh', '下载 PDF'],
  ] as const)('links to the invoice’s PDF in its mode and the reader’s language (%s)', (locale, name) => {
    renderWithProviders(
      <InvoicePdfLink invoice={{ id: 'in_1', number: 'KSK-1', livemode: false }} />,
      createKioskI18n(locale),
    );
    const link = screen.getByRole('link', { name });
    const url = new URL(link.getAttribute('href')!, window.location.origin);
    expect(url.pathname).toBe('/api/invoices/in_1/pdf');
    expect([url.searchParams.get('livemode'), url.searchParams.get('lang')]).toEqual(['false', locale]);
    expect(link.getAttribute('download')).toBe('KSK-1.pdf');
  });
});
