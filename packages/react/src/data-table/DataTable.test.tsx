import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import type { DataTableColumn } from './types.ts';

interface Invoice {
  id: string;
  number: string;
  amount: string;
}

const columns: DataTableColumn<Invoice>[] = [
  { key: 'number', label: 'Number' },
  { key: 'amount', label: 'Amount', align: 'right', render: (row) => `$${row.amount}` },
];

const rows: Invoice[] = [
  { id: 'in_1', number: 'A-001', amount: '10.00' },
  { id: 'in_2', number: 'A-002', amount: '25.50' },
];

function renderTable(props: Partial<DataTableProps<Invoice>> = {}) {
  const handlers = {
    onPageChange: vi.fn<(page: number) => void>(),
    onPageSizeChange: vi.fn<(size: number) => void>(),
  };
  const view = render(
    <I18nextProvider i18n={createKioskI18n('en')}>
      <DataTable<Invoice>
        label="Invoices"
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.id}
        count={42}
        page={0}
        pageSize={10}
        {...handlers}
        {...props}
      />
    </I18nextProvider>,
  );
  return { ...view, ...handlers };
}

function mockNarrowScreen() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('shows each row with plain and rendered cells', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Invoices' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual(['A-001$10.00', 'A-002$25.50']);
    expect(screen.getByText('1–10 of 42')).toBeTruthy();
  });

  it('reports the search once, 300 ms after typing pauses', () => {
    vi.useFakeTimers();
    const onSearchChange = vi.fn();
    renderTable({ search: '', onSearchChange });
    const field = screen.getByRole('searchbox', { name: 'Search' });

    fireEvent.change(field, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(field, { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(field, { target: { value: 'abc' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearchChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    expect(onSearchChange).toHaveBeenCalledWith('abc');

    act(() => vi.advanceTimersByTime(1000));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
  });

  it('keeps typing that follows a late-applied report, and clears when the parent resets the search', () => {
    vi.useFakeTimers();
    function SearchableTable() {
      const [search, setSearch] = useState('');
      return (
        <>
          <button onClick={() => setSearch('')}>reset</button>
          <DataTable<Invoice>
            label="Invoices"
            columns={columns}
            rows={rows}
            getRowKey={(row) => row.id}
            count={2}
            page={0}
            pageSize={10}
            onPageChange={() => {}}
            onPageSizeChange={() => {}}
            search={search}
            // Applied late, as a search kept in the address is.
            onSearchChange={(text) => setTimeout(() => setSearch(text), 100)}
          />
        </>
      );
    }
    render(
      <I18nextProvider i18n={createKioskI18n('en')}>
        <SearchableTable />
      </I18nextProvider>,
    );
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    fireEvent.change(field, { target: { value: 'wallet' } });
    act(() => vi.advanceTimersByTime(350));
    fireEvent.change(field, { target: { value: 'wallets' } });
    act(() => vi.advanceTimersByTime(50));
    expect(field.value).toBe('wallets');

    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(field.value).toBe('');
  });

  it('offers exactly 5, 10, 20, 50 and 100 rows per page', () => {
    renderTable();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '20', '50', '100']);
  });

  it('asks for the next page and for a new page size from the first page', () => {
    const { onPageChange, onPageSizeChange } = renderTable({ page: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '20' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(20);
    expect(onPageChange).toHaveBeenLastCalledWith(0);
  });

  it('shows the empty text when there are no rows', () => {
    renderTable({ rows: [], count: 0, emptyText: 'No invoices yet' });
    expect(screen.getByText('No invoices yet')).toBeTruthy();
    renderTable({ rows: [], count: 0 });
    expect(screen.getByText('No data')).toBeTruthy();
  });

  it('shows the error instead of rows and retries on request', () => {
    const onRetry = vi.fn();
    renderTable({ error: { message: 'Server unavailable', onRetry } });
    expect(screen.getByRole('alert').textContent).toContain('Server unavailable');
    expect(screen.queryByText('A-001')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows skeleton rows while loading, no more than ten', () => {
    const { container } = renderTable({ loading: true, pageSize: 5 });
    expect(container.querySelectorAll('[data-skeleton-row]')).toHaveLength(5);
    expect(screen.queryByText('A-001')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    cleanup();

    const large = renderTable({ loading: true, pageSize: 100 });
    expect(large.container.querySelectorAll('[data-skeleton-row]')).toHaveLength(10);
  });

  it('calls onRowClick from a click and from the Enter key', () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    const row = screen.getByText('A-002').closest('tr')!;
    fireEvent.click(row);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });

  it('on a narrow screen shows cards and asks for 5 rows per page', () => {
    mockNarrowScreen();
    const { onPageSizeChange } = renderTable({ pageSize: 10 });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Amount')).toBeTruthy();
    expect(within(cards[0]!).getByText('$10.00')).toBeTruthy();
    expect(onPageSizeChange).toHaveBeenCalledWith(5);
    expect(screen.queryByRole('combobox', { name: /rows per page/i })).toBeNull();
  });

  it('speaks Chinese when the instance does', () => {
    render(
      <I18nextProvider i18n={createKioskI18n('zh')}>
        <DataTable<Invoice>
          label="账单"
          columns={columns}
          rows={[]}
          getRowKey={(row) => row.id}
          count={0}
          page={0}
          pageSize={10}
          onPageChange={() => {}}
          onPageSizeChange={() => {}}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByRole('button', { name: '下一页' })).toBeTruthy();
  });
});
