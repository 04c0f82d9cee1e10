import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { parseSiweMessage } from 'viem/siwe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Eip1193Provider } from '@kiosk/react';
import { jsonResponse, mockApi } from '@kiosk/react/testing';
import { renderWithProviders } from '../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../test-support/sessions.ts';
import { SignInDialog } from './SignInDialog.tsx';

const ADDRESS_LOWER = '0x5b38da6a701c568545dcfcb03fcb875f56beddc4';
const ADDRESS_CHECKSUM = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const CONNECT_SESSION = {
  token: 'tok_1',
  secret: 'secret_1',
  auth_url: 'http://localhost:3000/api/did/login/auth?_t_=tok_1',
  deep_link: 'kiosk://connect?url=x',
  expires_at: 1_767_323_045,
};

function fakeWallet(): Eip1193Provider & { request: ReturnType<typeof vi.fn> } {
  return {
    request: vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts') return [ADDRESS_LOWER];
      if (method === 'eth_chainId') return '0x89';
      if (method === 'personal_sign') return '0xsignature';
      throw new Error(`unexpected ${method}`);
    }),
  };
}

/** A wallet that answers EIP-6963 discovery, as browser extensions do. */
function announceOnRequest(name: string, provider: Eip1193Provider) {
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: `uuid-${name}`, name, icon: 'data:image/svg+xml,<svg/>', rdns: 'io.example' },
          provider,
        },
      }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

let stopAnnouncing = () => {};

beforeEach(() => vi.stubGlobal('WebSocket', undefined));

afterEach(() => {
  cleanup();
  stopAnnouncing();
  vi.unstubAllGlobals();
});

describe('SignInDialog', () => {
  it('signs in with an announced wallet through a SIWE message for this site', async () => {
    const wallet = fakeWallet();
    stopAnnouncing = announceOnRequest('MetaMask', wallet);
    let signedInUser = false;
    const api = mockApi({
      'GET /api/session': () => (signedInUser ? signedIn(userWithRoles(['member'])) : signedOut()),
      'POST /api/did/login/token': () => CONNECT_SESSION,
      'GET /api/auth/nonce': () => ({ nonce: 'n0nce1234abcd', expires_at: 1_767_323_045 }),
      'POST /api/auth/siwe': () => {
        signedInUser = true;
        return { user: userWithRoles(['member']) };
      },
    });
    const onSignedIn = vi.fn();
    const { queryClient } = renderWithProviders(
      <SignInDialog open onClose={() => {}} onSignedIn={onSignedIn} />,
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Connect MetaMask' }));
    // The message code (viem's) loads on the first sign-in: cold, on a busy machine, over a second.
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1), { timeout: 10_000 });

    const { message, signature } = api.calls('POST /api/auth/siwe')[0]!.body as {
      message: string;
      signature: string;
    };
    expect(signature).toBe('0xsignature');
    const siwe = parseSiweMessage(message);
    expect(siwe).toMatchObject({
      domain: window.location.host,
      uri: window.location.origin,
      address: ADDRESS_CHECKSUM,
      chainId: 137,
      nonce: 'n0nce1234abcd',
      statement: 'Sign in to Kiosk',
      version: '1',
    });
    expect(siwe.expirationTime!.getTime() - siwe.issuedAt!.getTime()).toBe(5 * 60_000);
    const signCall = wallet.request.mock.calls.find(([args]) => args.method === 'personal_sign')![0];
    expect(signCall.params[1]).toBe(ADDRESS_CHECKSUM);
    expect(Buffer.from(signCall.params[0].slice(2), 'hex').toString('utf8')).toBe(message);
    expect(queryClient.getQueryData(['session'])).toMatchObject({ user: { name: 'Ada Lovelace' } });
  });

  it("shows the server's refusal in the visitor's language and stays open", async () => {
    stopAnnouncing = announceOnRequest('MetaMask', fakeWallet());
    mockApi({
      'GET /api/session': () => signedOut(),
      'POST /api/did/login/token': () => CONNECT_SESSION,
      'GET /api/auth/nonce': () => ({ nonce: 'n0nce1234abcd', expires_at: 1_767_323_045 }),
      'POST /api/auth/siwe': () =>
        jsonResponse({ code: 'SIWE_NONCE_INVALID', error: '登录请求已被使用或已过时。' }, 401),
    });
    const onSignedIn = vi.fn();
    renderWithProviders(<SignInDialog open onClose={() => {}} onSignedIn={onSignedIn} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Connect MetaMask' }));
    expect((await screen.findByRole('alert')).textContent).toBe('登录请求已被使用或已过时。');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Sign in to Kiosk' })).toBeTruthy();
  });

  it('says so when the visitor declines in the wallet', async () => {
    const wallet = fakeWallet();
    wallet.request.mockRejectedValueOnce(
      Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    );
    stopAnnouncing = announceOnRequest('Rabby', wallet);
    const api = mockApi({
      'GET /api/session': () => signedOut(),
      'POST /api/did/login/token': () => CONNECT_SESSION,
    });
    renderWithProviders(<SignInDialog open onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Rabby' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You declined the request in your wallet.');
    expect(api.calls('GET /api/auth/nonce')).toHaveLength(0);
  });

  it('falls back to window.ethereum when no wallet announces itself', async () => {
    vi.stubGlobal('ethereum', fakeWallet());
    mockApi({ 'GET /api/session': () => signedOut(), 'POST /api/did/login/token': () => CONNECT_SESSION });
    renderWithProviders(<SignInDialog open onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: 'Connect Browser wallet' })).toBeTruthy();
  });

  it("offers the server's test wallet only in test-wallet mode, and sends it the session's token", async () => {
    const api = mockApi({
      'GET /api/session': () => signedOut(true),
      'POST /api/did/login/token': () => CONNECT_SESSION,
      'POST /api/test-wallet/connect': () => ({ ok: true }),
    });
    renderWithProviders(<SignInDialog open onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Test wallet' }));
    await waitFor(() => expect(api.calls('POST /api/test-wallet/connect')).toHaveLength(1));
    expect(api.calls('POST /api/test-wallet/connect')[0]!.body).toEqual({ token: 'tok_1' });
    cleanup();

    mockApi({
      'GET /api/session': () => signedOut(false),
      'POST /api/did/login/token': () => CONNECT_SESSION,
    });
    renderWithProviders(<SignInDialog open onClose={() => {}} />);
    await screen.findByRole('link', { name: 'Open in wallet app' });
    expect(screen.queryByRole('button', { name: 'Test wallet' })).toBeNull();
  });
});
