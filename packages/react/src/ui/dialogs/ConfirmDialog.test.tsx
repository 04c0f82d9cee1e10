import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@kiosk/sdk';
import { createKioskI18n } from '../../i18n/both-languages.ts';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';

/** A promise the test settles when it wants, to look at the dialog while the action runs. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A page with the button that opens the dialog, as the app's screens have: the dialog is mounted while open. */
function Page(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete Games</button>
      {open && (
        <ConfirmDialog
          title="Delete this category?"
          message="“Games” will be removed from the store."
          confirmLabel="Delete"
          tone="danger"
          onConfirm={() => {}}
          {...props}
          onClose={() => {
            props.onClose?.();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function renderPage(props: Partial<ConfirmDialogProps> = {}, locale: 'en' | 'zh' = 'en') {
  render(
    <I18nextProvider i18n={createKioskI18n(locale)}>
      <Page {...props} />
    </I18nextProvider>,
  );
  // As from the keyboard: the opener has focus when it is pressed.
  const opener = screen.getByRole('button', { name: 'Delete Games' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Delete this category?' }) };
}

afterEach(() => cleanup());

describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it('is named by its title and described by its message', () => {
    const { dialog } = renderPage();
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('“Games” will be removed from the store.');
  });

  it('gives a dangerous action’s focus to Cancel, and focus back to the opener once closed', async () => {
    const onConfirm = vi.fn();
    const { opener, dialog } = renderPage({ onConfirm });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open and busy while the action runs, deaf to Escape and Cancel, and closes once it succeeds', async () => {
    const action = deferred();
    const onClose = vi.fn();
    const onConfirm = vi.fn(() => action.promise);
    const { dialog } = renderPage({ onConfirm, onClose });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    const cancel = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel' });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    expect(cancel.disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(cancel);
    // Enter again while busy does not run the action twice.
    fireEvent.submit(confirm.closest('form')!);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);

    await act(async () => action.resolve());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hands a success to onConfirmed instead of closing', async () => {
    const onConfirmed = vi.fn();
    const onClose = vi.fn();
    const { dialog } = renderPage({ onConfirm: async () => {}, onConfirmed, onClose });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says the server's refusal in place and stays open to try again", async () => {
    let calls = 0;
    const onConfirm = () => {
      calls += 1;
      throw new ApiError(
        409,
        'CATEGORY_IN_USE',
        'Move the 3 apps in this category to another before deleting it',
      );
    };
    const onClose = vi.fn();
    const { dialog } = renderPage({ onConfirm, onClose });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Move the 3 apps in this category to another before deleting it');
    expect(onClose).not.toHaveBeenCalled();
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls).toBe(2));
  });

  it('says something went wrong when the failure has no text of its own', async () => {
    const { dialog } = renderPage({ onConfirm: () => Promise.reject(new Error('')) }, 'zh');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('出错了，请重试。');
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
  });

  it('brings focus back into the dialog when it fell out while busy', async () => {
    const action = deferred();
    const { dialog } = renderPage({ onConfirm: () => action.promise });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    confirm.focus();
    fireEvent.click(confirm);
    // The pressed button is disabled while busy: a browser leaves the focus on the body.
    act(() => confirm.blur());
    expect(document.activeElement).toBe(document.body);
    await act(async () => action.reject(new Error('The server is away')));
    expect(within(dialog).getByRole('alert').textContent).toBe('The server is away');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('offers a destructive action once the name is typed, and gives it what was typed', async () => {
    const onConfirm = vi.fn();
    const { dialog } = renderPage({
      onConfirm,
      typedConfirmation: { label: 'Category name', expected: 'Games' },
    });
    const typed = within(dialog).getByRole('textbox', { name: 'Category name' });
    await waitFor(() => expect(document.activeElement).toBe(typed));
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(typed, { target: { value: 'Game' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(typed, { target: { value: ' Games ' } });
    expect(confirm.disabled).toBe(false);
    // Enter in the field confirms, as the form's submit.
    fireEvent.submit(typed.closest('form')!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(' Games '));
  });
});
