import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '../../data-table/DataTable.tsx';
import { createKioskI18n } from '../../i18n/both-languages.ts';
import { actionsColumn } from './RowActions.tsx';

afterEach(cleanup);

describe('actionsColumn', () => {
  it("puts each row's buttons in its last cell, named for their row, acting on it", () => {
    const onDelete = vi.fn();
    const rows = [
      { id: 'cat_1', name: 'Games', locked: false },
      { id: 'cat_2', name: 'Tools', locked: true },
    ];
    render(
      <I18nextProvider i18n={createKioskI18n('en')}>
        <DataTable
          label="Categories"
          columns={[
            { key: 'name', label: 'Name' },
            actionsColumn<(typeof rows)[number]>('Actions', (row) => [
              { label: 'Rename', ariaLabel: `Rename ${row.name}`, onClick: () => {} },
              {
                label: 'Delete',
                ariaLabel: `Delete ${row.name}`,
                color: 'error',
                disabled: row.locked,
                onClick: () => onDelete(row.id),
              },
            ]),
          ]}
          rows={rows}
          getRowKey={(row) => row.id}
          count={2}
          page={0}
          pageSize={10}
          onPageChange={() => {}}
          onPageSizeChange={() => {}}
        />
      </I18nextProvider>,
    );
    const games = screen.getByText('Games').closest('tr')!;
    expect(
      within(games)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Rename', 'Delete']);
    fireEvent.click(within(games).getByRole('button', { name: 'Delete Games' }));
    expect(onDelete).toHaveBeenCalledWith('cat_1');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Delete Tools' }).disabled).toBe(true);
  });
});
