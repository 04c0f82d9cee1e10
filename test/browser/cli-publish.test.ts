import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TestWallet } from '@kiosk/test-wallet';
import { signedIn } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

/**
 * Issue 12's walk as a new developer takes it: the built `kiosk` command makes the app's key, logs in
 * through the browser's approval on /connect-cli, publishes with a progress report and sees its
 * version pending; an admin approves; the app is then found by the store front's search and opened.
 * With "first approval only" the next version publishes without review; with "every version" it waits.
 */

const KIOSK = fileURLToPath(new URL('../../apps/cli/dist/kiosk.js', import.meta.url));
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `kiosk` in `cwd`; `onStderr` sees the error stream as it grows. */
function kiosk(args: string[], cwd: string, env: Record<string, string>, onStderr?: (text: string) => void) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [KIOSK, ...args], {
      cwd,
      env: { PATH: process.env.PATH!, HOME: cwd, ...env },
    });
    const run: Run = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (chunk) => (run.stdout += chunk));
    child.stderr.on('data', (chunk) => {
      run.stderr += chunk;
      onStderr?.(run.stderr);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ ...run, code }));
  });
}

let harness: BrowserHarness;
let work: string;
beforeAll(async () => {
  harness = await startBrowserHarness();
  work = await mkdtemp(join(tmpdir(), 'kiosk-developer-'));
});
afterAll(async () => {
  await harness?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('publishing with the kiosk CLI, approved in a real browser', () => {
  it('keygen, login by browser approval, publish, review, then search finds the app', async () => {
    const { server } = harness;
    const owner = await signedIn(server, TestWallet.random());
    const wallet = TestWallet.random();
    await signedIn(server, wallet);
    const did = `did:pkh:eip155:1:${wallet.address.toLowerCase()}`;
    expect(
      (await owner.request('/api/passports', { method: 'POST', body: { did, role: 'developer' } })).status,
    ).toBe(201);
    const developer = await signedIn(server, wallet);
    // The CLI keeps its token outside the app's folder (inside, the store would refuse it as a secret).
    const env = { XDG_CONFIG_HOME: join(work, '.config'), KIOSK_LOGIN_POLL_MS: '100' };
    const dir = join(work, 'harbour-lights');
    await mkdir(dir);

    // The app's key, made where only the developer has it.
    const keygen = await kiosk(['keygen'], dir, env);
    expect(keygen.code, keygen.stderr).toBe(0);
    const appDid = keygen.stdout.trim();
    const name = `harbour-${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`;
    const metadata = {
      name,
      title: 'Harbour Lights',
      description: 'Lighthouses near you.',
      version: '1.0.0',
      did: appDid,
      logo: 'logo.png',
    };
    const writeVersion = (version: string) =>
      writeFile(join(dir, 'kiosk.json'), JSON.stringify({ ...metadata, version }));
    await writeVersion('1.0.0');
    await writeFile(join(dir, 'logo.png'), PNG);
    await writeFile(join(dir, 'lights.txt'), randomBytes(400_000).toString('base64'));

    // Login: the CLI shows a page; the developer, signed in in the browser, approves it there.
    const { context, page } = await harness.open();
    const [cookieName, ...cookieValue] = developer.cookie.split('=');
    await context.addCookies([{ name: cookieName!, value: cookieValue.join('='), url: server.url }]);
    let opened: Promise<void> | undefined;
    const login = await kiosk(['login', '--server', server.url], dir, env, (stderr) => {
      const url = /(http\S+\/connect-cli\?id=\S+)/.exec(stderr)?.[1];
      if (url && !opened)
        opened = (async () => {
          await page.goto(url);
          await page.getByText('asks to publish apps as you').waitFor();
          await page.getByRole('button', { name: 'Approve' }).click();
          await page.getByText('Approved. Return to your terminal.').waitFor();
        })();
    });
    await opened;
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toMatch(
      /^Logged in to http:\/\/127\.0\.0\.1:\d+: the access token "Kiosk CLI on .+" is kept in /,
    );

    // Publish with the kept token, asking for review: progress to 100 %, then pending.
    const published = await kiosk(['publish', '--request-review'], dir, env);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toMatch(/Uploading 100% \(/);
    expect(published.stdout.trim().split('\n')).toEqual([
      `${name} 1.0.0: pending`,
      `${server.url}/apps/${appDid}`,
    ]);

    // An admin reviews and approves; the developer's auto-publish switch publishes it.
    expect(
      (
        await developer.request(`/api/developer/apps/${appDid}`, {
          method: 'PUT',
          body: { auto_publish: true },
        })
      ).status,
    ).toBe(200);
    for (const action of ['startReview', 'approve'])
      expect(
        (
          await owner.request(`/api/console/apps/${appDid}/versions/1.0.0/review`, {
            method: 'POST',
            body: { action },
          })
        ).status,
      ).toBe(200);

    await page.goto('/search?q=harbour%20lig');
    await page.getByRole('link', { name: 'Harbour Lights' }).click();
    await page.getByRole('heading', { level: 1, name: 'Harbour Lights' }).waitFor();
    await page.getByRole('link', { name: 'Download 1.0.0' }).waitFor();
    await harness.screenshot(page, 'cli-published-app');
    await context.close();

    // "First approval only": the next version needs no review and, with auto-publish, is out at once.
    const setReviewType = (review_type: 'first' | 'every') =>
      owner.request('/api/console/store-settings', { method: 'PUT', body: { review_type } });
    expect((await setReviewType('first')).status).toBe(200);
    await writeVersion('1.0.1');
    const second = await kiosk(['publish'], dir, env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout.split('\n')[0]).toBe(`${name} 1.0.1: published`);

    // "Every version": the next one waits for review again.
    expect((await setReviewType('every')).status).toBe(200);
    await writeVersion('1.0.2');
    const third = await kiosk(['publish', '--request-review'], dir, env);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout.split('\n')[0]).toBe(`${name} 1.0.2: pending`);
    const front = await fetch(`${server.url}/api/apps/${appDid}`).then((r) => r.json());
    expect(front.version).toBe('1.0.1');
  });
});
