import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataTableColumn } from '../../data-table/types.ts';
import { createKioskI18n } from '../../i18n/both-languages.ts';
import { ListPage, type ListPageProps } from './ListPage.tsx';
import { listStateOf, type ListQuery } from './list-state.ts';
import { useMemorySearchParams, type MemoryHistory } from './memory-history.test-support.ts';
import { useListParams } from './use-list-params.ts';

interface Payment {
  id: string;
  amount: number;
}

const columns: DataTableColumn<Payment>[] = [
  { key: 'id', label: 'Id' },
  { key: 'amount', label: 'Amount', align: 'right' },
];
const STATUSES = ['open', 'paid'] as const;
const payments = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `pay_${index + 1}`, amount: index + 1 }));

type Answer = { list: Payment[]; count?: number } | 'pending' | Error;

/** A list page as a screen writes it, its data answered by `answer` for the params it asks with. */
function renderList(
  initial: string,
  answer: (params: { page: number; pageSize: number; status: string }) => Answer,
  props: Partial<ListPageProps<Payment>> = {},
  locale: 'en' | 'zh' = 'en',
) {
  const seen: { history?: MemoryHistory; back?: () => void } = {};
  const refetch = vi.fn();
  function Payments() {
    const source = useMemorySearchParams(initial, (history) => (seen.history = history));
    seen.back = source.back;
    const list = useListParams(source, { filters: { status: STATUSES } });
    const result = answer({ page: list.page, pageSize: list.pageSize, status: list.filters.status });
    const query: ListQuery<Payment> = {
      data: typeof result === 'object' && 'list' in result ? result : undefined,
      isPending: result === 'pending',
      error: result instanceof Error ? result : null,
      refetch,
    };
    return (
      <ListPage
        title="Payments"
        description="Who paid what"
        params={list}
        columns={columns}
        getRowKey={(payment) => payment.id}
        emptyText="No payments yet"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: STATUSES.map((value) => ({ value, label: value })),
          },
        ]}
        {...listStateOf(query)}
        {...props}
      />
    );
  }
  render(
    <I18nextProvider i18n={createKioskI18n(locale)}>
      <Payments />
    </I18nextProvider>,
  );
  return {
    refetch,
    address: () => seen.history!.entries[seen.history!.index],
    history: () => seen.history!,
    back: () => act(() => seen.back!()),
  };
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Payments' }))
    .getAllByRole('row')
    .slice(1);
const serverPage = ({ page, pageSize }: { page: number; pageSize: number }, total: number) => ({
  list: payments(total).slice(page * pageSize, (page + 1) * pageSize),
  count: total,
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ListPage', () => {
  it('is a section named by its heading, its table named the same, with the result count read out', () => {
    renderList('', (params) => serverPage(params, 3));
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(within(section).getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(within(section).getByText('Who paid what')).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('3 results');
  });

  it('opens the page the address names, and the back button returns to the page before', () => {
    const { address, back } = renderList('page=2', (params) => serverPage(params, 25));
    expect(bodyRows()[0]!.textContent).toBe('pay_1111');
    expect(screen.getByText('11–20 of 25')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(address()).toBe('page=3');
    expect(bodyRows().map((row) => row.textContent)).toEqual(
      payments(25)
        .slice(20)
        .map((payment) => `${payment.id}${payment.amount}`),
    );

    back();
    expect(screen.getByText('11–20 of 25')).toBeTruthy();
  });

  it('filters through the address, starting over from the first page', () => {
    const asked: string[] = [];
    const { address } = renderList('page=2', (params) => {
      asked.push(params.status);
      return serverPage(params, params.status === 'paid' ? 15 : 30);
    });
    const status = within(screen.getByRole('group', { name: 'Filters' })).getByRole('combobox', {
      name: 'Status',
    });
    fireEvent.change(status, { target: { value: 'paid' } });
    expect(address()).toBe('status=paid');
    expect(asked.at(-1)).toBe('paid');
    expect(screen.getByText('1–10 of 15')).toBeTruthy();
    expect((status as HTMLSelectElement).value).toBe('paid');
  });

  it('searches through the address once typing pauses, from the first page', () => {
    vi.useFakeTimers();
    const { address } = renderList('page=2', (params) => serverPage(params, 30), { searchable: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'pay_1' } });
    expect(address()).toBe('page=2');
    act(() => vi.advanceTimersByTime(300));
    expect(address()).toBe('q=pay_1');
  });

  it('moves a page past the end to the last page, replacing the address', () => {
    const { address, history } = renderList('page=9', (params) => serverPage(params, 12));
    expect(address()).toBe('page=2');
    expect(history().entries).toHaveLength(1);
    expect(bodyRows()).toHaveLength(2);
  });

  it('pages a whole list itself when the answer has no count', () => {
    renderList('page=2&pageSize=5', () => ({ list: payments(7) }));
    expect(bodyRows().map((row) => row.textContent)).toEqual(['pay_66', 'pay_77']);
    expect(screen.getByText('6–7 of 7')).toBeTruthy();
  });

  it('shows skeleton rows while loading, and reads no count out yet', () => {
    renderList('', () => 'pending');
    expect(screen.getByRole('table', { name: 'Payments' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Loading…', '']);
  });

  it('says the list is empty, in its own words', () => {
    renderList('', () => ({ list: [], count: 0 }));
    expect(screen.getByText('No payments yet')).toBeTruthy();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('No results');
  });

  it("shows a failed load with the server's text and a retry that asks again", () => {
    const { refetch } = renderList('', () => new Error('Database unavailable'));
    expect(screen.getByRole('alert').textContent).toContain('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('speaks Chinese', () => {
    renderList('', (params) => serverPage(params, 2), {}, 'zh');
    expect(screen.getByRole('group', { name: '筛选' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '全部' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('2 条结果');
  });
});
