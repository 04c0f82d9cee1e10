import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { forwardRef, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../../i18n/both-languages.ts';
import { DetailFrame, type DetailFrameProps } from './DetailFrame.tsx';
import { DetailItems } from './DetailItems.tsx';
import { DetailSection } from './DetailSection.tsx';

/** A router's link as a host passes it: it takes `to`, and says it was the one that drew the link. */
const RouterLink = forwardRef<HTMLAnchorElement, { to: string; children?: ReactNode }>(function RouterLink(
  { to, ...props },
  ref,
) {
  return <a ref={ref} href={to} data-router-link="" {...props} />;
});

function renderFrame(props: DetailFrameProps, locale: 'en' | 'zh' = 'en') {
  return render(
    <I18nextProvider i18n={createKioskI18n(locale)}>
      <DetailFrame back={{ to: '/invoices', label: 'All invoices' }} linkComponent={RouterLink} {...props} />
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('DetailFrame', () => {
  it('shows the record: its heading and status, its facts as label–value pairs, and its sections', () => {
    renderFrame({
      title: 'Invoice A-001',
      status: <span>Paid</span>,
      subtitle: 'For the Pro plan',
      actions: <button>Download</button>,
      body: (
        <DetailSection title="Items" headingLevel={2}>
          <DetailItems items={[{ key: 'pro', name: 'Pro plan', detail: 'Qty 1', amount: '$10.00' }]} />
        </DetailSection>
      ),
      summary: [
        [
          { label: 'Total', value: '$10.00' },
          { label: 'Paid', value: '$10.00' },
        ],
        [{ label: 'Created', value: '2 January 2026' }],
      ],
      children: <DetailSection title="Payments">none</DetailSection>,
    });
    const article = screen.getByRole('article', { name: 'Invoice A-001' });
    expect(within(article).getByRole('heading', { level: 1 }).textContent).toBe('Invoice A-001');
    expect(within(article).getByText('For the Pro plan')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Download' })).toBeTruthy();
    const terms = within(article)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Total', 'Paid', 'Created']);
    expect(within(article).getByText('Created').nextElementSibling?.textContent).toBe('2 January 2026');
    expect(within(article).getAllByRole('separator')).toHaveLength(1);
    const items = within(within(article).getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Pro planQty 1$10.00']);
    expect(within(article).getByRole('region', { name: 'Payments' })).toBeTruthy();
  });

  it("links back through the host's router link", () => {
    renderFrame({ title: 'Invoice A-001' });
    const back = screen.getByRole('link', { name: 'All invoices' });
    expect(back.getAttribute('href')).toBe('/invoices');
    expect(back.hasAttribute('data-router-link')).toBe(true);
  });

  it('shows a named placeholder while the record loads, and keeps the way back', () => {
    renderFrame({ loading: true, loadingLabel: 'Loading the invoice…', title: 'Invoice A-001' });
    expect(screen.getByLabelText('Loading the invoice…').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('link', { name: 'All invoices' })).toBeTruthy();
  });

  it('says a record is not found in its place, in its own words or the kit’s, in en and zh', () => {
    renderFrame({
      problem: { kind: 'notFound', title: 'Invoice not found', description: 'No invoice in_1 here.' },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeTruthy();
    expect(screen.getByText('No invoice in_1 here.')).toBeTruthy();
    cleanup();

    renderFrame({ problem: { kind: 'notFound' }, title: 'Invoice A-001' });
    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    cleanup();

    renderFrame({ problem: { kind: 'notFound' } }, 'zh');
    expect(screen.getByRole('heading', { level: 1, name: '未找到' })).toBeTruthy();
  });

  it('shows a failure with a retry in place of the record, over the placeholder', () => {
    const onRetry = vi.fn();
    renderFrame({
      loading: true,
      problem: { kind: 'error', description: 'Server unavailable', onRetry },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded.' })).toBeTruthy();
    expect(screen.getByText('Server unavailable')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
