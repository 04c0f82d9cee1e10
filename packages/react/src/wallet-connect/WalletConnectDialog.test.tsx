import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '../i18n/both-languages.ts';
import { CONNECT_POLL_INTERVAL_MS, CONNECT_SESSION_LIFETIME_MS } from './constants.ts';
import type { ConnectSession, ConnectStatusAnswer } from './types.ts';
import { WalletConnectDialog, type WalletConnectDialogProps } from './WalletConnectDialog.tsx';

function sessionNumber(n: number): ConnectSession {
  const token = `tok_${n}`;
  const authUrl = `https://pay.example.com/api/did/login/auth?_t_=${token}`;
  return {
    token,
    secret: `secret_${n}`,
    auth_url: authUrl,
    deep_link: `kiosk://connect?url=${encodeURIComponent(authUrl)}`,
    status: 'created',
    expires_at: 1_767_323_045,
  };
}

/** Answers the status calls in order, then keeps repeating the last one. */
function statusSequence(...answers: ConnectStatusAnswer[]) {
  let call = 0;
  return vi.fn(async (_token: string, _secret: string) => answers[Math.min(call++, answers.length - 1)]!);
}

function renderDialog(props: Partial<WalletConnectDialogProps> = {}) {
  let created = 0;
  const all: WalletConnectDialogProps = {
    open: true,
    action: 'login',
    title: 'Sign in to Kiosk',
    onClose: vi.fn(),
    onSucceeded: vi.fn(),
    createSession: vi.fn(async () => sessionNumber(++created)),
    pollStatus: statusSequence({ status: 'created' }),
    ...props,
  };
  render(
    <I18nextProvider i18n={createKioskI18n('en')}>
      <WalletConnectDialog {...all} />
    </I18nextProvider>,
  );
  return all;
}

/** Lets pending promises settle and advances the fake clock, inside act. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('WalletConnectDialog', () => {
  it('shows the session as a QR code with alt text and as an "Open in wallet app" link', async () => {
    const props = renderDialog();
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your wallet app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href')).toBe(
      sessionNumber(1).deep_link,
    );
    expect(screen.getByRole('dialog', { name: 'Sign in to Kiosk' })).toBeTruthy();
    expect(props.createSession).toHaveBeenCalledWith('login');
  });

  it('moves through scanned to succeeded, calls onSucceeded once and stops polling', async () => {
    vi.useFakeTimers();
    const pollStatus = statusSequence(
      { status: 'created' },
      { status: 'scanned' },
      { status: 'succeeded', did: 'did:pkh:eip155:1:0xabc' },
    );
    const props = renderDialog({ pollStatus });
    await advance(0);
    expect(screen.getByRole('status').textContent).toBe('Scan the code with your wallet app');

    await advance(CONNECT_POLL_INTERVAL_MS * 2);
    expect(screen.getByRole('status').textContent).toBe('Confirm in your wallet');
    expect(props.onSucceeded).not.toHaveBeenCalled();

    await advance(CONNECT_POLL_INTERVAL_MS);
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(pollStatus).toHaveBeenLastCalledWith('tok_1', 'secret_1');
    expect(props.onSucceeded).toHaveBeenCalledTimes(1);
    expect(props.onSucceeded).toHaveBeenCalledWith({
      method: 'connect',
      action: 'login',
      token: 'tok_1',
      did: 'did:pkh:eip155:1:0xabc',
    });

    const callsAtSuccess = pollStatus.mock.calls.length;
    await advance(CONNECT_POLL_INTERVAL_MS * 5);
    expect(pollStatus).toHaveBeenCalledTimes(callsAtSuccess);
    expect(props.onSucceeded).toHaveBeenCalledTimes(1);
  });

  it("shows the failure's code as text and offers a new session", async () => {
    vi.useFakeTimers();
    const props = renderDialog({
      pollStatus: statusSequence({ status: 'failed', error: 'SIWE_BAD_SIGNATURE' }),
    });
    await advance(CONNECT_POLL_INTERVAL_MS);
    // The dialog has no text of its own for this code, so the API's text of it shows.
    expect(screen.getByRole('alert').textContent).toBe('The signature does not match the account');
    expect(screen.queryByRole('link', { name: 'Open in wallet app' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(props.createSession).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href')).toBe(
      sessionNumber(2).deep_link,
    );
    expect(props.onSucceeded).not.toHaveBeenCalled();
  });

  it('says the session does not exist when the status call answers 404', async () => {
    vi.useFakeTimers();
    const gone = Object.assign(new Error('Not found'), { status: 404 });
    renderDialog({ pollStatus: vi.fn(async () => Promise.reject(gone)) });
    await advance(CONNECT_POLL_INTERVAL_MS);
    expect(screen.getByRole('alert').textContent).toBe('Session does not exist or has expired');
  });

  it('keeps polling through a network failure and says it is retrying', async () => {
    vi.useFakeTimers();
    let call = 0;
    const pollStatus = vi.fn(async (): Promise<ConnectStatusAnswer> => {
      call += 1;
      if (call === 1) throw new TypeError('Failed to fetch');
      return { status: 'scanned' };
    });
    renderDialog({ pollStatus });
    await advance(CONNECT_POLL_INTERVAL_MS);
    expect(screen.getByText('Connection error. Trying again…')).toBeTruthy();

    await advance(CONNECT_POLL_INTERVAL_MS);
    expect(screen.queryByText('Connection error. Trying again…')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Confirm in your wallet');
  });

  it('expires after five minutes: polling stops, and Try again opens a new session', async () => {
    vi.useFakeTimers();
    const pollStatus = statusSequence({ status: 'created' });
    const props = renderDialog({ pollStatus });
    await advance(CONNECT_SESSION_LIFETIME_MS - 1);
    expect(screen.queryByText('This code has expired.')).toBeNull();

    await advance(1);
    expect(screen.getByText('This code has expired.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in wallet app' })).toBeNull();
    const callsAtExpiry = pollStatus.mock.calls.length;
    expect(callsAtExpiry).toBe(Math.floor((CONNECT_SESSION_LIFETIME_MS - 1) / CONNECT_POLL_INTERVAL_MS));
    await advance(CONNECT_POLL_INTERVAL_MS * 3);
    expect(pollStatus).toHaveBeenCalledTimes(callsAtExpiry);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(CONNECT_POLL_INTERVAL_MS);
    expect(props.createSession).toHaveBeenCalledTimes(2);
    expect(pollStatus).toHaveBeenLastCalledWith('tok_2', 'secret_2');
    expect(screen.queryByText('This code has expired.')).toBeNull();
  });

  it('shows the Test wallet button only when onTestWallet is given, and passes it the token', async () => {
    vi.useFakeTimers();
    renderDialog();
    await advance(0);
    expect(screen.queryByRole('button', { name: 'Test wallet' })).toBeNull();
    cleanup();

    const onTestWallet = vi.fn(async () => {});
    renderDialog({ onTestWallet });
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Test wallet' }));
    expect(onTestWallet).toHaveBeenCalledWith('tok_1');
  });

  it('names the Test wallet button in Chinese too', async () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={createKioskI18n('zh')}>
        <WalletConnectDialog
          open
          action="login"
          onClose={() => {}}
          onSucceeded={() => {}}
          createSession={async () => sessionNumber(1)}
          pollStatus={async () => ({ status: 'created' })}
          onTestWallet={async () => {}}
        />
      </I18nextProvider>,
    );
    await advance(0);
    expect(screen.getByRole('button', { name: '测试钱包' })).toBeTruthy();
  });

  it('lists injected wallets and reports their success through onSucceeded, their failure as text', async () => {
    const provider = { request: vi.fn() };
    const onInjectedWallet = vi
      .fn<(p: typeof provider) => Promise<void>>()
      .mockRejectedValueOnce(new Error('Signature does not match'))
      .mockResolvedValueOnce(undefined);
    const props = renderDialog({
      injectedWallets: [{ id: 'uuid-1', name: 'MetaMask', icon: 'data:image/svg+xml,<svg/>', provider }],
      onInjectedWallet: onInjectedWallet as WalletConnectDialogProps['onInjectedWallet'],
    });
    const button = screen.getByRole('button', { name: 'Connect MetaMask' });

    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Signature does not match');
    expect(onInjectedWallet.mock.calls[0]![0]).toBe(provider);
    expect(props.onSucceeded).not.toHaveBeenCalled();

    fireEvent.click(button);
    await vi.waitFor(() => expect(props.onSucceeded).toHaveBeenCalledTimes(1));
    expect(props.onSucceeded).toHaveBeenCalledWith({
      method: 'injected',
      action: 'login',
      walletId: 'uuid-1',
    });
  });

  describe('with a realtime socket', () => {
    class FakeSocket {
      static last: FakeSocket | undefined;
      sent: unknown[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onerror: (() => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        FakeSocket.last = this;
      }
      send(data: string) {
        this.sent.push(JSON.parse(data));
      }
      close() {}
      push(message: unknown) {
        this.onmessage?.({ data: JSON.stringify(message) });
      }
    }

    it('subscribes with the secret, follows pushed statuses and redeems a pushed success with one status call', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('WebSocket', FakeSocket);
      const pollStatus = statusSequence({ status: 'succeeded' });
      const props = renderDialog({ pollStatus, realtimeUrl: 'ws://pay.example.com/api/realtime' });
      await advance(0);
      const socket = FakeSocket.last!;
      expect(socket.url).toBe('ws://pay.example.com/api/realtime');
      act(() => socket.onopen?.());
      expect(socket.sent).toEqual([{ type: 'subscribe', topic: 'connect:tok_1', secret: 'secret_1' }]);

      act(() => socket.push({ type: 'connect.status', topic: 'connect:tok_1', data: { status: 'scanned' } }));
      expect(screen.getByRole('status').textContent).toBe('Confirm in your wallet');
      await advance(CONNECT_POLL_INTERVAL_MS * 3);
      expect(pollStatus).not.toHaveBeenCalled();

      act(() =>
        socket.push({ type: 'connect.status', topic: 'connect:tok_1', data: { status: 'succeeded' } }),
      );
      await advance(0);
      expect(pollStatus).toHaveBeenCalledTimes(1);
      expect(props.onSucceeded).toHaveBeenCalledTimes(1);
    });

    it('asks once when the subscription is confirmed, so a success before it is not missed', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('WebSocket', FakeSocket);
      // The wallet answered while the socket was still opening: no push will ever come for it.
      const pollStatus = statusSequence({ status: 'succeeded' });
      const props = renderDialog({ pollStatus, realtimeUrl: 'ws://pay.example.com/api/realtime' });
      await advance(0);
      const socket = FakeSocket.last!;
      act(() => socket.onopen?.());
      act(() => socket.push({ type: 'subscribed', topic: 'connect:tok_1' }));
      await advance(0);
      expect(pollStatus).toHaveBeenCalledTimes(1);
      expect(props.onSucceeded).toHaveBeenCalledTimes(1);
    });

    it('never asks twice at once: a success pushed while a call is out is asked after it', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('WebSocket', FakeSocket);
      // Each call waits for the test to answer it. Two at once could answer out of order: the one
      // without the sign-in cookie first, and the page would look for a session not yet set.
      const answers: ((answer: ConnectStatusAnswer) => void)[] = [];
      const pollStatus = vi.fn(
        (_token: string, _secret: string) =>
          new Promise<ConnectStatusAnswer>((resolve) => answers.push(resolve)),
      );
      const props = renderDialog({ pollStatus, realtimeUrl: 'ws://pay.example.com/api/realtime' });
      await advance(0);
      const socket = FakeSocket.last!;
      act(() => socket.onopen?.());
      act(() => socket.push({ type: 'subscribed', topic: 'connect:tok_1' }));
      await advance(0);
      expect(pollStatus).toHaveBeenCalledTimes(1);
      act(() =>
        socket.push({ type: 'connect.status', topic: 'connect:tok_1', data: { status: 'succeeded' } }),
      );
      await advance(0);
      expect(pollStatus).toHaveBeenCalledTimes(1);

      // The first call saw the session before the wallet answered; the second, after it, sees success.
      await act(async () => answers[0]!({ status: 'scanned' }));
      await advance(0);
      expect(pollStatus).toHaveBeenCalledTimes(2);
      expect(props.onSucceeded).not.toHaveBeenCalled();
      await act(async () => answers[1]!({ status: 'succeeded' }));
      await advance(0);
      expect(props.onSucceeded).toHaveBeenCalledTimes(1);
    });

    it('falls back to polling every 2 s when the socket fails', async () => {
      vi.useFakeTimers();
      vi.stubGlobal('WebSocket', FakeSocket);
      const pollStatus = statusSequence({ status: 'scanned' });
      renderDialog({ pollStatus, realtimeUrl: 'ws://pay.example.com/api/realtime' });
      await advance(0);
      act(() => FakeSocket.last!.onerror?.());
      await advance(CONNECT_POLL_INTERVAL_MS);
      expect(pollStatus).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status').textContent).toBe('Confirm in your wallet');
    });
  });
});
