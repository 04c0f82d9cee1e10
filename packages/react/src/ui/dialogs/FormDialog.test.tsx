import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@kiosk/sdk';
import { createKioskI18n } from '../../i18n/both-languages.ts';
import { FormDialog, type FormDialogProps } from './FormDialog.tsx';
import { FormRadioGroup, FormTextField } from './FormFields.tsx';

interface CategoryValues {
  name: string;
  zh: string;
  kind: 'tools' | 'games';
}

type Props = Partial<FormDialogProps<CategoryValues, { secret: string }>>;

const required = (value: string) => value.trim() !== '' || 'Enter a name';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A page with the button that opens the dialog, which is mounted while open, as the app's screens do. */
function Page(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Add category</button>
      {open && (
        <FormDialog<CategoryValues, { secret: string }>
          title="New category"
          defaultValues={{ name: '', zh: '', kind: 'tools' }}
          submitLabel="Add"
          onSubmit={() => ({ secret: 'unused' })}
          {...props}
          onClose={() => {
            props.onClose?.();
            setOpen(false);
          }}
        >
          {({ control }) => (
            <>
              <FormTextField
                control={control}
                name="name"
                label="Name"
                rules={{ validate: required }}
                hint="Letters"
              />
              <FormTextField
                control={control}
                name="zh"
                label="Chinese name"
                rules={{ validate: required }}
              />
              <FormRadioGroup
                control={control}
                name="kind"
                label="Kind"
                options={[
                  { value: 'tools', label: 'Tools' },
                  { value: 'games', label: 'Games' },
                ]}
              />
            </>
          )}
        </FormDialog>
      )}
    </>
  );
}

function renderPage(props: Props = {}) {
  render(
    <I18nextProvider i18n={createKioskI18n('en')}>
      <Page {...props} />
    </I18nextProvider>,
  );
  // As from the keyboard: the opener has focus when it is pressed.
  const opener = screen.getByRole('button', { name: 'Add category' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'New category' });
  const field = (name: string) => within(dialog).getByRole<HTMLInputElement>('textbox', { name });
  return { opener, dialog, field };
}

function fill(dialog: HTMLElement, values: Partial<Record<'Name' | 'Chinese name', string>>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
}

afterEach(() => cleanup());

describe('FormDialog', { timeout: 20_000 }, () => {
  it('starts on the first field, sends the valid values, and closes once they are taken', async () => {
    const onSubmit = vi.fn(async () => ({ secret: 'unused' }));
    const onClose = vi.fn();
    const { dialog, field } = renderPage({ onSubmit, onClose });
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    fill(dialog, { Name: 'Weather', 'Chinese name': '天气' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Games' }));
    // Enter in a field sends the form: the fields and the submit button are one form.
    fireEvent.submit(field('Name').form!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Weather', zh: '天气', kind: 'games' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hands the answer to onSuccess instead of closing', async () => {
    const onSuccess = vi.fn();
    const onClose = vi.fn();
    const { dialog } = renderPage({ onSubmit: async () => ({ secret: 'kat_1' }), onSuccess, onClose });
    fill(dialog, { Name: 'Weather', 'Chinese name': '天气' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ secret: 'kat_1' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses by the fields’ rules without sending, and puts focus on the first invalid field', async () => {
    const onSubmit = vi.fn();
    const { dialog, field } = renderPage({ onSubmit });
    fill(dialog, { Name: 'Weather' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Chinese name')));
    expect(field('Chinese name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Enter a name')).toBeTruthy();
    expect(within(dialog).getByText('Letters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is busy while the request is on its way: Escape and Cancel do nothing', async () => {
    const answer = deferred<{ secret: string }>();
    const onClose = vi.fn();
    const onSubmit = vi.fn(() => answer.promise);
    const { dialog, field } = renderPage({ onSubmit, onClose, busyLabel: 'Adding…' });
    fill(dialog, { Name: 'Weather', 'Chinese name': '天气' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const busy = await within(dialog).findByRole<HTMLButtonElement>('button', { name: 'Adding…' });
    expect(busy.disabled).toBe(true);
    const cancel = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel' });
    expect(cancel.disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(cancel);
    expect(onClose).not.toHaveBeenCalled();
    // Enter again while busy does not send it twice.
    fireEvent.submit(field('Name').form!);
    await act(async () => {});
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await act(async () => answer.resolve({ secret: 'unused' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("puts the server's messages on their fields, the rest in an alert, and focus on the first such field", async () => {
    const onClose = vi.fn();
    const { dialog, field } = renderPage({
      onClose,
      // A nested path the caller names; `body.name` finds its field by itself.
      fieldOfPath: (path) => (path === 'body.locales.zh' ? 'zh' : undefined),
      onSubmit: () => {
        throw new ApiError(400, 'VALIDATION_FAILED', 'Validate failed', [
          { path: 'body.name', message: 'There is already a category "Weather"' },
          { path: 'body.locales.zh', message: 'Too long' },
          { path: 'query.livemode', message: 'Must be true or false' },
        ]);
      },
    });
    fill(dialog, { Name: 'Weather', 'Chinese name': '天气' });
    // As from the keyboard: the button has focus when it is pressed.
    const add = within(dialog).getByRole('button', { name: 'Add' });
    add.focus();
    fireEvent.click(add);
    expect(await within(dialog).findByText('There is already a category "Weather"')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Too long')).toBeTruthy();
    expect(field('Chinese name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toBe('Must be true or false');
    expect(document.activeElement).toBe(field('Name'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a refusal without details in an alert, under its title, until a value changes', async () => {
    const answer = deferred<{ secret: string }>();
    const { dialog } = renderPage({
      errorTitle: 'The category was not added',
      onSubmit: () => answer.promise,
    });
    fill(dialog, { Name: 'Weather', 'Chinese name': '天气' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    add.focus();
    fireEvent.click(add);
    // The pressed button is disabled while busy: a browser leaves the focus on the body.
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(true));
    act(() => add.blur());
    await act(async () => answer.reject(new ApiError(403, 'FORBIDDEN', 'Only admins may add categories')));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('The category was not addedOnly admins may add categories');
    // Focus is back on the button, ready to try again, not left outside the dialog.
    expect(document.activeElement).toBe(add);
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Weathers' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a result step once: focus on what it shows, a click beside it keeps it, Done closes it', async () => {
    const onClose = vi.fn();
    const { opener, dialog } = renderPage({
      onClose,
      onSubmit: async () => ({ secret: 'kat_secret' }),
      result: {
        title: 'Your new token',
        render: ({ secret }) => <input aria-label="Secret" readOnly value={secret} />,
      },
    });
    fill(dialog, { Name: 'Weather', 'Chinese name': '天气' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    const secret = within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Secret' });
    expect(secret.value).toBe('kat_secret');
    await waitFor(() => expect(document.activeElement).toBe(secret));

    const backdrop = shown.parentElement!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives focus back to the opener when cancelled', async () => {
    const onSubmit = vi.fn();
    const { opener, dialog } = renderPage({ onSubmit });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
