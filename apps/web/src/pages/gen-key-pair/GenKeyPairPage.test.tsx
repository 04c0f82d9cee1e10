import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { mockApi, type MockApi } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedOut } from '../../test-support/sessions.ts';
import { APP_DID_PATTERN, appDidFromPrivateKey } from './app-key.ts';

const PAGE = '/gen-key-pair';
const KEY_TEXT = /^0x[0-9a-f]{64}$/;

// jsdom has no Blob URLs: keep each file the page offers, by the URL it was given.
let files: Map<string, Blob>;
let api: MockApi;

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./GenKeyPairPage.tsx');
});
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  files = new Map();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost/${files.size + 1}`;
    files.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  api = mockApi({ 'GET /api/session': () => signedOut() });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function generate(name = 'Generate key pair') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.getByText(APP_DID_PATTERN).textContent!;
}

function revealKey(): `0x${string}` {
  fireEvent.click(screen.getByRole('button', { name: 'Show the private key' }));
  return screen.getByText(KEY_TEXT).textContent as `0x${string}`;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('GenKeyPairPage', { timeout: 20_000 }, () => {
  it('explains, then shows the DID at once and the private key only after Show', async () => {
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Generate a key pair' })).toBeTruthy();
    expect(screen.getByText(/^The key is made in this browser and sent nowhere/)).toBeTruthy();
    expect(screen.getByText(/^Whoever holds the private key can publish versions/)).toBeTruthy();

    const did = await generate();
    expect(screen.getByRole('heading', { level: 2, name: 'Your app’s key pair' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the app DID' })).toBeTruthy();
    // Hidden means absent: no key text, no attribute or input value holding it.
    expect(document.body.innerHTML).not.toMatch(/0x[0-9a-f]{64}/);
    expect(screen.getByText('Hidden. Choose Show to see it.')).toBeTruthy();

    const key = revealKey();
    expect(appDidFromPrivateKey(key)).toBe(did);
    expect(screen.getByText(`"did": "${did}"`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide the private key' }));
    expect(screen.queryByText(KEY_TEXT)).toBeNull();
  });

  it('copies the private key without showing it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoutesAt(PAGE, routes);
    const did = await generate();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the private key' }));
    const [copied] = writeText.mock.calls[0] as unknown as [`0x${string}`];
    expect(copied).toMatch(KEY_TEXT);
    expect(appDidFromPrivateKey(copied)).toBe(did);
    expect(screen.queryByText(KEY_TEXT)).toBeNull();
  });

  it('downloads the key file kiosk keygen writes: .kiosk-app-key holding the key and a newline', async () => {
    renderRoutesAt(PAGE, routes);
    await generate();
    const key = revealKey();
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: 'Download key file' });
    expect(link.getAttribute('download')).toBe('.kiosk-app-key');
    const file = files.get(link.getAttribute('href')!);
    expect(file).toBeDefined();
    expect(await readBlob(file!)).toBe(`${key}\n`);
  });

  it('sends the key nowhere: no request made on the page carries it', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    renderRoutesAt(PAGE, routes);
    await generate();
    const key = revealKey();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the app DID' }));

    const secret = key.slice(2);
    // The session read shows the check sees the page's requests at all.
    expect(api.fetch.mock.calls.length).toBeGreaterThan(0);
    for (const [input, init] of api.fetch.mock.calls) {
      const url = input instanceof Request ? input.url : String(input);
      expect(url).not.toContain(secret);
      expect(String(init?.body ?? '')).not.toContain(secret);
      expect(JSON.stringify(init?.headers ?? {})).not.toContain(secret);
    }
    for (const args of beacon.mock.calls as unknown[][]) expect(String(args.join(' '))).not.toContain(secret);
  });

  it('asks before replacing the shown key, and then shows a new one, hidden again', async () => {
    renderRoutesAt(PAGE, routes);
    const first = await generate();
    revealKey();

    fireEvent.click(screen.getByRole('button', { name: 'Generate another' }));
    let dialog = screen.getByRole('dialog', { name: 'Generate another key pair?' });
    expect(within(dialog).getByText(/^The key shown now is lost unless you have saved it/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(APP_DID_PATTERN).textContent).toBe(first);

    fireEvent.click(screen.getByRole('button', { name: 'Generate another' }));
    dialog = screen.getByRole('dialog', { name: 'Generate another key pair?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate another' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const second = screen.getByText(APP_DID_PATTERN).textContent;
    expect(second).not.toBe(first);
    expect(screen.queryByText(KEY_TEXT)).toBeNull();
    // The first file's URL is let go with its key.
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  it('speaks Chinese', async () => {
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '生成密钥对' })).toBeTruthy();
    expect(screen.getByText(/^密钥在此浏览器中生成，不会发送到任何地方/)).toBeTruthy();
    await generate('生成密钥对');
    expect(screen.getByRole('heading', { level: 2, name: '您的应用密钥对' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '显示私钥' }));
    expect(screen.getByText(KEY_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: '下载密钥文件' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再生成一个' }));
    expect(screen.getByRole('dialog', { name: '再生成一个密钥对？' })).toBeTruthy();
  });
});
