import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { freePort } from '@kiosk/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoHarness, WEB_DIR, type DemoHarness } from './harness.ts';

/**
 * `/embed/checkout.react.js` on a host page that runs React and MUI itself: the host's import map
 * names the packages the module leaves bare (here, ES modules bundled from node_modules for the test,
 * as a host's bundler or a CDN would serve them), and Kiosk's form renders on the host's React, inside
 * the host's MUI theme, and pays.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EMBED = join(WEB_DIR, 'embed');
/** The packages a host brings (vite.embed.react.config.ts); anything else bare would break its page. */
const PEER =
  /^(react|react-dom|@mui\/material|@emotion\/[^/]+|@tanstack\/react-query|i18next|react-i18next)(\/|$)/;
/**
 * A UI runtime's own code, never in the build that uses the host's: React's, and Preact's React layer
 * (its list of SVG attributes it renames), which the self-contained build carries.
 */
const REACT_ITSELF = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
const PREACT_COMPAT_ITSELF = 'strikethrough|stroke|text(?!L)';
const HOST_PRIMARY = '#0f766e';
const BUYER_DID = 'did:pkh:eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

const modulesIn = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(folder, name));
const peerBuildFiles = () => [join(EMBED, 'checkout.react.js'), ...modulesIn(join(EMBED, 'chunks', 'react'))];
const selfContainedBuildFiles = () => [join(EMBED, 'checkout.js'), ...modulesIn(join(EMBED, 'chunks'))];

/** The bare specifiers a module imports, statically or on demand. */
const bareImports = (code: string) =>
  [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"'./][^"']*)["']/g)].map((match) => match[1]!);

/**
 * One ES module per specifier, bundled together so they share one React, one MUI and one Emotion, as
 * a host's own build does. Answers the import map.
 */
async function bundlePeers(specifiers: string[], outdir: string): Promise<Record<string, string>> {
  const wrappers = mkdtempSync(join(tmpdir(), 'kiosk-peers-'));
  const entries = await Promise.all(
    specifiers.map(async (specifier, index) => {
      // CommonJS packages (React) have no static export list, so the wrapper spells it out.
      const names = Object.keys(await import(specifier)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
      const file = join(wrappers, `peer${index}.js`);
      writeFileSync(file, `export { ${names.join(', ')} } from '${specifier}';\n`);
      return { in: file, out: `peer${index}` };
    }),
  );
  try {
    await build({
      entryPoints: entries,
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir,
      nodePaths: [join(ROOT, 'node_modules')],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
  } finally {
    rmSync(wrappers, { recursive: true, force: true });
  }
  return Object.fromEntries(specifiers.map((specifier, index) => [specifier, `/peers/peer${index}.js`]));
}

/** The host page: its own React app and theme, Kiosk's form inside it (or mounted beside, with `?mount`). */
const hostPage = (
  importMap: Record<string, string>,
  kioskUrl: string,
  authToken: string,
  link: string,
) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>React host</title>
    <script type="importmap">${JSON.stringify({ imports: importMap })}</script>
  </head>
  <body>
    <div id="app"></div>
    <section id="mounted" aria-label="Mounted checkout"></section>
    <script type="module">
      import { createElement as h } from 'react';
      import { createRoot } from 'react-dom/client';
      import { ThemeProvider, createTheme } from '@mui/material/styles';
      const kiosk = await import('${kioskUrl}/embed/checkout.react.js');
      const options = { id: '${link}', authToken: '${authToken}', locale: 'en' };
      if (location.search === '?mount') {
        kiosk.mountCheckout(document.getElementById('mounted'), { ...options, primaryColor: '${HOST_PRIMARY}' });
      } else {
        const connection = kiosk.createCheckoutConnection(options);
        const theme = createTheme({ palette: { primary: { main: '${HOST_PRIMARY}' } } });
        createRoot(document.getElementById('app')).render(
          h(ThemeProvider, { theme },
            h('h1', null, 'A React host'),
            h('section', { 'aria-label': 'Checkout' },
              h(kiosk.CheckoutConnectionProvider, { connection },
                h(kiosk.CheckoutForm, { id: options.id, onPaid: (session) => (document.title = 'Paid — ' + session.id) }),
              ),
            ),
          ),
        );
      }
    </script>
  </body>
</html>`;

let harness: DemoHarness;
let host: Server;
let hostUrl: string;
let peers: string;

beforeAll(async () => {
  const port = await freePort();
  hostUrl = `http://127.0.0.1:${port}`;
  harness = await startDemoHarness({ KIOSK_CORS_ORIGINS: hostUrl });
  const authToken = (
    await harness.merchant('/api/auth-tokens', { method: 'POST', body: { customer_did: BUYER_DID } })
  ).body.token;
  const kioskBare = peerBuildFiles().flatMap((file) => bareImports(readFileSync(file, 'utf8')));
  peers = mkdtempSync(join(tmpdir(), 'kiosk-host-'));
  const importMap = await bundlePeers(
    [...new Set([...kioskBare, 'react', 'react-dom/client', '@mui/material/styles'])],
    peers,
  );
  const page = hostPage(importMap, harness.server.url, authToken, harness.link('Sticker pack'));
  host = createServer((request, response) => {
    const path = new URL(request.url!, hostUrl).pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (path.startsWith('/peers/') && !path.includes('..')) {
      try {
        const code = readFileSync(join(peers, path.slice('/peers/'.length)));
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
      } catch {
        response.writeHead(404).end();
      }
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  host?.close();
  if (peers) rmSync(peers, { recursive: true, force: true });
  await harness?.close();
});

describe('the checkout build for hosts that bring their own React', () => {
  it('leaves React, MUI, Emotion, TanStack Query and i18next to the host, and carries none of them', () => {
    const files = peerBuildFiles();
    const bare = new Set(files.flatMap((file) => bareImports(readFileSync(file, 'utf8'))));
    expect([...bare].filter((specifier) => !PEER.test(specifier))).toEqual([]);
    expect(bare).toContain('react');
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toContain(REACT_ITSELF);
      expect(code, file).not.toContain(PREACT_COMPAT_ITSELF);
    }
    // The marker is real: the self-contained build carries the runtime.
    const selfContained = selfContainedBuildFiles().map((file) => readFileSync(file, 'utf8'));
    expect(selfContained.some((code) => code.includes(PREACT_COMPAT_ITSELF))).toBe(true);
  });

  it("renders inside the host's React tree and theme, edits the order and pays as the buyer", async () => {
    const { context, page } = await harness.open();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(hostUrl);
    await page.getByRole('heading', { name: 'A React host' }).waitFor();
    const checkout = page.getByRole('region', { name: 'Checkout' });
    await checkout.locator('[data-layout="inline"]').waitFor();

    // The host's theme reaches Kiosk's buttons: one React, one MUI, one Emotion on the page.
    const pay = checkout.getByRole('button', { name: /^Pay \d/ });
    // MUI fades the colour in: read it once it settled.
    await expect
      .poll(() => pay.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(15, 118, 110)');
    await harness.screenshot(page, 'embed-react-host-desktop-en');

    await checkout.getByRole('switch', { name: 'Switch to Bundle of 3 packs' }).click();
    await expect.poll(() => checkout.getByTestId('checkout-total').textContent()).toBe('12 KDT');
    await checkout.getByLabel('Name').fill('Ada Lovelace');
    await checkout.getByLabel('Email').fill('ada@example.com');
    await checkout.getByRole('button', { name: 'Pay 12 KDT' }).click();
    // The pay dialog comes in a chunk loaded on demand, on the host's MUI too.
    await page
      .getByRole('dialog', { name: 'Pay 12 KDT' })
      .getByRole('button', { name: 'Test wallet' })
      .click();
    await checkout.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.title()).toMatch(/^Paid — cs_/);

    const sessionId = (await page.title()).replace('Paid — ', '');
    const session = (await harness.merchant(`/api/checkout-sessions/${sessionId}`)).body;
    expect(session).toMatchObject({
      payment_status: 'paid',
      amount_total: '12000000',
      customer_did: BUYER_DID,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("mounts with mountCheckout on the host's React DOM, in the colour it is given", async () => {
    const { context, page } = await harness.open();
    await page.goto(`${hostUrl}/?mount`);
    const mounted = page.getByRole('region', { name: 'Mounted checkout' });
    await mounted.locator('[data-layout="inline"]').waitFor();
    const pay = mounted.getByRole('button', { name: /^Pay \d/ });
    // MUI fades the colour in: read it once it settled.
    await expect
      .poll(() => pay.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(15, 118, 110)');
    await context.close();
  });
});
