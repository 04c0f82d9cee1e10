import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appDidFromPrivateKey, packBundleToFile, signRelease } from '@kiosk/bundle';
import type { FastifyInstance } from 'fastify';
import { keccak256, stringToHex } from 'viem';
import { DEMO_OWNER } from './demo-accounts.ts';
import type { ApiCall } from './in-process.ts';

/**
 * The demo store's apps: a few small apps on the store front, so that a newcomer can browse, search
 * and open one at once. Each is published the way a developer would (a bundle packed and signed by
 * the app's own key, uploaded, reviewed by the admins, then published) by the demo's owner, who
 * holds the developer passport too. Their keys derive from their names: public, like the development
 * accounts, and stable, so later starts find the same apps and leave them be.
 */

interface DemoApp {
  name: string;
  title: string;
  description: string;
  category: string;
  /** The logo's colour. */
  colour: string;
}

export const DEMO_APPS: readonly DemoApp[] = [
  {
    name: 'weather-board',
    title: 'Weather Board',
    description: 'Forecasts for the places you care about, on one page.',
    category: 'Utilities',
    colour: '#1e88e5',
  },
  {
    name: 'pocket-notes',
    title: 'Pocket Notes',
    description: 'Quick notes that sync between your devices.',
    category: 'Productivity',
    colour: '#43a047',
  },
  {
    name: 'pixel-paint',
    title: 'Pixel Paint',
    description: 'Draw pixel art in the browser and share it with a link.',
    category: 'Creative',
    colour: '#e53935',
  },
];

const VERSION = '1.0.0';

/** The app's key: public, derived from its name (never use it for anything real). */
const demoAppKey = (name: string) => keccak256(stringToHex(`kiosk demo app ${name}`));

export const demoAppDid = (name: string) => appDidFromPrivateKey(demoAppKey(name));

const logo = (app: DemoApp) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${app.colour}"/><text x="32" y="42" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${app.title[0]}</text></svg>\n`;

/** Packs and signs the app's first version; answers the upload's query and the tarball. */
async function release(dir: string, app: DemoApp) {
  const privateKey = demoAppKey(app.name);
  const did = appDidFromPrivateKey(privateKey);
  const folder = join(dir, app.name);
  await mkdir(folder, { recursive: true });
  const metadata = {
    name: app.name,
    title: app.title,
    description: app.description,
    version: VERSION,
    did,
    logo: 'logo.svg',
    category: app.category,
  };
  await writeFile(join(folder, 'kiosk.json'), JSON.stringify(metadata, null, 2));
  await writeFile(join(folder, 'logo.svg'), logo(app));
  await writeFile(
    join(folder, 'index.html'),
    `<!doctype html><title>${app.title}</title><h1>${app.title}</h1>\n`,
  );
  const file = join(dir, `${app.name}.tgz`);
  const { integrity } = await packBundleToFile(folder, file);
  const signed = await signRelease(privateKey, { did, name: app.name, version: VERSION, integrity });
  return { did, file, query: new URLSearchParams({ ...signed }).toString() };
}

/**
 * Publishes each demo app the store does not show yet; answers the published apps' DIDs, or none when
 * the demo's owner account is not this instance's owner (it could not review them). `owner` is its
 * signed-in session (`cookie` its header) on `app`.
 */
export async function ensureDemoApps(
  app: FastifyInstance,
  owner: { call: ApiCall; cookie: string; isOwner: boolean },
): Promise<string[]> {
  if (!owner.isOwner) return [];
  const missing: DemoApp[] = [];
  for (const demo of DEMO_APPS) {
    const shown = await owner.call('GET', `/api/apps/${demoAppDid(demo.name)}`);
    if (shown.status !== 200 || shown.body.version !== VERSION) missing.push(demo);
  }
  if (missing.length > 0) await publish(app, owner, missing);
  return DEMO_APPS.map((demo) => demoAppDid(demo.name));
}

async function publish(app: FastifyInstance, owner: { call: ApiCall; cookie: string }, apps: DemoApp[]) {
  const { call } = owner;
  const expect = async (what: string, answer: Promise<{ status: number; body: unknown }>, ok: number[]) => {
    const { status, body } = await answer;
    if (!ok.includes(status))
      throw new Error(`demo apps: ${what} answered ${status} ${JSON.stringify(body)}`);
  };
  // The owner publishes them, as a developer (409: an earlier start granted it).
  await expect(
    'the developer passport',
    call('POST', '/api/passports', { did: DEMO_OWNER.did, role: 'developer' }),
    [201, 409],
  );
  const categories = new Set(
    ((await call('GET', '/api/categories')).body.list as { name: string }[]).map((c) => c.name),
  );
  for (const name of new Set(apps.map((demo) => demo.category)))
    if (!categories.has(name))
      await expect(`category ${name}`, call('POST', '/api/console/categories', { name }), [201]);

  const dir = await mkdtemp(join(tmpdir(), 'kiosk-demo-apps-'));
  try {
    for (const demo of apps) {
      const { did, file, query } = await release(dir, demo);
      const known = await call('GET', `/api/apps/${did}`);
      if (known.status !== 200) {
        const uploaded = await app.inject({
          method: 'POST',
          url: `/api/developer/apps/upload?${query}`,
          headers: { cookie: owner.cookie, 'content-type': 'application/gzip' },
          payload: await readFile(file),
        });
        if (uploaded.statusCode !== 201)
          throw new Error(
            `demo apps: uploading ${demo.name} answered ${uploaded.statusCode} ${uploaded.body}`,
          );
      }
      const review = (side: 'developer' | 'console', action: string) =>
        call('POST', `/api/${side}/apps/${did}/versions/${VERSION}/review`, { action });
      // A start stopped halfway resumes where it was: each step a later status refuses (409) is done.
      for (const [side, action] of [
        ['developer', 'requestReview'],
        ['console', 'startReview'],
        ['console', 'approve'],
        ['developer', 'publish'],
      ] as const)
        await expect(`${demo.name}: ${action}`, review(side, action), [200, 409]);
      const shown = await call('GET', `/api/apps/${did}`);
      if (shown.body?.version !== VERSION)
        throw new Error(`demo apps: ${demo.name} is not on the store front: ${JSON.stringify(shown.body)}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
