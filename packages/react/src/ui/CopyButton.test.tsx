import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { CopyButton, type CopyButtonProps } from './CopyButton.tsx';

function renderButton(props: Partial<CopyButtonProps> = {}) {
  render(
    <I18nextProvider i18n={createKioskI18n('en')}>
      <CopyButton value="did:abt:z1abc" label="Copy DID" {...props} />
    </I18nextProvider>,
  );
}

function grantClipboard(writeText: () => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('CopyButton', () => {
  it('copies the value and says so to a screen reader, then is ready again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(() => Promise.resolve());
    grantClipboard(writeText);
    renderButton();

    fireEvent.click(screen.getByRole('button', { name: 'Copy DID' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('did:abt:z1abc');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says it could not copy when the clipboard is refused, and keeps saying it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    grantClipboard(() => Promise.reject(new Error('denied')));
    renderButton({ failedText: 'Could not copy: select the text and copy it yourself' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy DID' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Could not copy: select the text and copy it yourself',
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByRole('status').textContent).toBe(
      'Could not copy: select the text and copy it yourself',
    );
  });

  it('says it could not copy where there is no clipboard at all', async () => {
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Copy DID' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Could not copy'));
  });

  it('as a text button, shows its words and then what happened in them', async () => {
    grantClipboard(() => Promise.resolve());
    renderButton({ variant: 'text', label: 'Copy link', copiedText: 'Link copied' });

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const button = await screen.findByRole('button', { name: 'Link copied' });
    expect(button.getAttribute('aria-live')).toBe('polite');
  });
});
