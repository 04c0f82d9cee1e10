import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './list-params.ts';
import { useMemorySearchParams, type MemoryHistory } from './memory-history.test-support.ts';
import { useListParams, type ListParamsControl } from './use-list-params.ts';

const STATUSES = ['pending', 'approved'] as const;

function renderListParams(initial = '', options: Parameters<typeof useListParams>[1] = {}) {
  const seen: { list?: ListParamsControl; history?: MemoryHistory; back?: () => void } = {};
  function Probe({ scope }: { scope?: string }) {
    const source = useMemorySearchParams(initial, (history) => (seen.history = history));
    seen.list = useListParams(source, { ...options, scope });
    seen.back = source.back;
    return null;
  }
  const view = render(<Probe scope={options.scope} />);
  return {
    rescope: (scope: string) => view.rerender(<Probe scope={scope} />),
    list: () => seen.list!,
    history: () => seen.history!,
    address: () => seen.history!.entries[seen.history!.index],
    back: () => act(() => seen.back!()),
  };
}

afterEach(cleanup);

describe('useListParams', () => {
  it('reads page, size, search and filters from the address, the page counted from 1 there', () => {
    const { list } = renderListParams('page=3&pageSize=20&q=wallet&status=approved', {
      filters: { status: STATUSES },
    });
    expect(list()).toMatchObject({
      page: 2,
      pageSize: 20,
      search: 'wallet',
      filters: { status: 'approved' },
    });
  });

  it('reads a malformed or unknown value as the default, so a hand-edited link still opens', () => {
    const { list } = renderListParams('page=-2&pageSize=7&status=deleted', { filters: { status: STATUSES } });
    expect(list()).toMatchObject({ page: 0, pageSize: 10, search: '', filters: { status: '' } });
    expect(readListParams(new URLSearchParams('page=2.5&pageSize=1e2'))).toMatchObject({
      page: 0,
      pageSize: 10,
    });
  });

  it('makes each new page an entry of its own, so the back button returns to the page before', () => {
    const { list, address, history, back } = renderListParams('app=did:1');
    act(() => list().setPage(1));
    act(() => list().setPage(2));
    expect(address()).toBe('app=did%3A1&page=3');
    expect(list().page).toBe(2);
    expect(history().entries).toHaveLength(3);

    back();
    expect(list().page).toBe(1);
    back();
    expect(list().page).toBe(0);
    expect(address()).toBe('app=did:1');
  });

  it('starts over on a new filter, as a new entry, and leaves defaults out of the address', () => {
    const { list, address, history } = renderListParams('page=4', { filters: { status: STATUSES } });
    act(() => list().setFilter('status', 'pending'));
    expect(address()).toBe('status=pending');
    expect(list()).toMatchObject({ page: 0, filters: { status: 'pending' } });
    expect(history().entries).toHaveLength(2);
    act(() => list().setFilter('status', ''));
    expect(address()).toBe('');
  });

  it('lands a new size and the first page asked for in one event as one write, replacing the entry', () => {
    const { list, address, history } = renderListParams('page=3');
    act(() => {
      list().setPageSize(50);
      list().setPage(0);
    });
    expect(address()).toBe('pageSize=50');
    expect(history()).toMatchObject({ writes: 1, index: 0 });
    expect(list()).toMatchObject({ page: 0, pageSize: 50 });
  });

  it('adds an entry when a search starts and replaces it while the search is refined', () => {
    const { list, address, history } = renderListParams('page=2');
    act(() => list().setSearch('wal'));
    act(() => list().setSearch('wallet'));
    expect(address()).toBe('q=wallet');
    expect(history().entries).toEqual(['page=2', 'q=wallet']);
  });

  it('starts over from the first page when its scope changes, and only then', () => {
    const { list, address, history, rescope } = renderListParams('page=3&pageSize=20', { scope: 'live' });
    expect(list().page).toBe(2);
    rescope('live');
    expect(list().page).toBe(2);
    rescope('test');
    expect(address()).toBe('pageSize=20');
    expect(history().entries).toHaveLength(1);
  });

  it('keeps two lists of one page apart by their prefix', () => {
    const { list, address } = renderListParams('developers.page=2&page=5', { prefix: 'developers' });
    expect(list().page).toBe(1);
    act(() => list().setPage(3));
    expect(address()).toBe('developers.page=4&page=5');
    expect(
      writeListParams(new URLSearchParams('requests.q=x'), { search: '' }, { prefix: 'requests' }).toString(),
    ).toBe('');
  });
});
