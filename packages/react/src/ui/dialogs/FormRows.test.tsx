import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRows } from './FormRows.tsx';

afterEach(cleanup);

const rows = (count: number, removable: boolean) =>
  Array.from({ length: count }, (_, index) => ({
    key: `row-${index}`,
    label: `Item ${index + 1}`,
    removeLabel: removable ? `Remove item ${index + 1}` : undefined,
    fields: <input aria-label={`Quantity ${index + 1}`} />,
    below: <input aria-label={`Note ${index + 1}`} />,
  }));

describe('FormRows', () => {
  it('names each row as a group holding its fields, and removes the row whose button is pressed', () => {
    const onRemove = vi.fn();
    render(<FormRows rows={rows(2, true)} onRemove={onRemove} addLabel="Add an item" onAdd={() => {}} />);
    const second = screen.getByRole('group', { name: 'Item 2' });
    expect(within(second).getByRole('textbox', { name: 'Quantity 2' })).toBeTruthy();
    expect(within(second).getByRole('textbox', { name: 'Note 2' })).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Remove item 2' }));
    expect(onRemove).toHaveBeenCalledWith(1);
  });

  it('offers no remove button without its name, and no add button once the list is full', () => {
    const onAdd = vi.fn();
    const { rerender } = render(
      <FormRows rows={rows(1, false)} onRemove={() => {}} addLabel="Add an item" onAdd={onAdd} />,
    );
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    expect(onAdd).toHaveBeenCalledOnce();
    rerender(<FormRows rows={rows(1, false)} onRemove={() => {}} addLabel="Add an item" />);
    expect(screen.queryByRole('button', { name: 'Add an item' })).toBeNull();
  });
});
