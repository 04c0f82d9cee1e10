import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@kiosk/core';
import { catalogs } from '@kiosk/core/i18n/catalogs';
import { screenMessageGroups } from '@kiosk/core/i18n/screens';
import { embedFirstLoadFiles, firstLoadFiles, pageManifest, type WebPage } from './first-load.ts';
import { WEB_DIR } from './harness.ts';

/**
 * The app and the embed are typed by the contracts but carry none of their validation code: the SDK
 * imports route types only. A value import of @kiosk/contracts in react or web would pull zod into
 * every buyer's download; this catches it in what is really shipped.
 */
// What the server sends: its dot folders (the build's manifests, the checkout's server renderer) never go out.
const scripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : scripts(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });

/** What `page` loads before it can render (test/browser/first-load.ts), and its text. */
function firstLoad(page: WebPage, locale: Locale = 'en'): { files: string[]; text: string } {
  const files = firstLoadFiles(WEB_DIR, page, locale);
  return { files, text: files.map((file) => readFileSync(join(WEB_DIR, file), 'utf8')).join('\n') };
}

// What marks a library's code in the minified scripts: its own messages and class names.
const ROUTER = 'React Router caught the following error during render';
const MENU = 'MuiPopover'; // menus, selects and their popover
const TEXT_FIELD = 'MuiInputBase';
const TOAST = 'MuiSnackbar';
const FORM_LIBRARY = 'HookFormContext'; // react-hook-form
// Card payments (issue 22): Stripe.js's loader (@stripe/stripe-js names its origin), prop-types (which
// @stripe/react-stripe-js would bring, and the first-load libraries import for development only) and
// the card form's own reading of Stripe's answers.
const STRIPE_LOADER = 'js.stripe.com';
const PROP_TYPES = 'SECRET_DO_NOT_PASS_THIS_OR_YOU_WILL_BE_FIRED';
const CARD_FORM = 'payment_intent_authentication_failure';

/** The embed's module and the chunks it imports statically: what a host page loads before it renders. */
const embedFirstLoad = (): string =>
  embedFirstLoadFiles(WEB_DIR)
    .map((file) => readFileSync(join(WEB_DIR, 'embed', file), 'utf8'))
    .join('\n');

describe("the pages' first loads (issue 10)", () => {
  it('the hosted checkout loads neither the router nor the fields, menus and toasts it may never show', () => {
    const { text } = firstLoad('checkout.html');
    expect(text).toContain('checkout.submit.connect');
    for (const code of [ROUTER, MENU, TEXT_FIELD, TOAST]) expect(text, code).not.toContain(code);
  });

  it("the hosted checkout draws its frame and skeleton first, and loads the form's code in one file after", () => {
    const { files, text } = firstLoad('checkout.html');
    expect(text).toContain('checkout-skeleton');
    expect(text).not.toContain(FORM_LIBRARY);
    // The form's code, which the page imports on demand, carries it, and needs no file beyond those the
    // page has loaded already: one round trip, not one per shared module.
    const manifest = pageManifest(WEB_DIR, 'checkout.html');
    const forms = (manifest['checkout.html']!.dynamicImports ?? []).filter((key) =>
      readFileSync(join(WEB_DIR, manifest[key]!.file), 'utf8').includes(FORM_LIBRARY),
    );
    expect(forms).toHaveLength(1);
    const needs = (manifest[forms[0]!]!.imports ?? []).map((key) => manifest[key]!.file);
    expect(needs.filter((file) => !files.includes(file))).toEqual([]);
  });

  it("the embed draws the checkout's skeleton first and loads the form's code after, beside the session's answer", () => {
    const text = embedFirstLoad();
    expect(text).toContain('checkout-skeleton');
    expect(text).not.toContain(FORM_LIBRARY);
  });

  it("the store's pages load their menus when first opened", () => {
    const { text } = firstLoad('index.html');
    expect(text).toContain(ROUTER);
    expect(text).not.toContain(MENU);
  });

  it("no page's first load (nor the embed's) carries the messages of a screen that loads later", () => {
    // The embed's: a page that only sells loads the donate widget (and its messages) never.
    const loads = {
      'index.html': firstLoad('index.html').text,
      'checkout.html': firstLoad('checkout.html').text,
      embed: embedFirstLoad(),
    };
    for (const [entry, text] of Object.entries(loads)) {
      for (const [name, group] of Object.entries(screenMessageGroups)) {
        // A catalog's keys stay quoted in the minified script (its values may become template literals).
        const carried = Object.keys(group.en).filter((key) => text.includes(`${JSON.stringify(key)}:`));
        expect(carried, `${entry} carries ${name}`).toEqual([]);
      }
    }
  });

  it("no first load (the embed's, the hosted checkout's form) carries Stripe.js's loader, prop-types or the card form: they load when a card is chosen", () => {
    const manifest = pageManifest(WEB_DIR, 'checkout.html');
    // The hosted checkout's form follows its first load on every visit, a crypto-only one's too.
    const form = (manifest['checkout.html']!.dynamicImports ?? [])
      .map((key) => readFileSync(join(WEB_DIR, manifest[key]!.file), 'utf8'))
      .find((text) => text.includes(FORM_LIBRARY));
    const loads = {
      'index.html': firstLoad('index.html').text,
      'checkout.html': firstLoad('checkout.html').text,
      'checkout.html form': form,
      embed: embedFirstLoad(),
    };
    expect(form).toBeDefined();
    for (const [load, text] of Object.entries(loads))
      for (const code of [STRIPE_LOADER, PROP_TYPES, CARD_FORM])
        expect(text, `${load}: ${code}`).not.toContain(code);
    // The card form is its own chunk, loaded on demand, with Stripe.js's loader in it.
    const card = Object.entries(manifest).find(([source]) =>
      source.endsWith('/checkout/card/CheckoutCardDialog.tsx'),
    );
    expect(card?.[1]).toMatchObject({ isDynamicEntry: true });
    expect(readFileSync(join(WEB_DIR, card![1].file), 'utf8')).toContain(STRIPE_LOADER);
  });

  it("each page's first load carries its visitor's language and not the other", () => {
    const keys = ['shell.skipToContent', 'checkout.submit.connect', 'error.ROUTE_NOT_FOUND'];
    for (const entry of ['index.html', 'checkout.html'] as const)
      for (const [locale, other] of [
        ['en', 'zh'],
        ['zh', 'en'],
      ] as const) {
        const { text } = firstLoad(entry, locale);
        for (const key of keys) {
          expect(text, `${entry} ${locale} ${key}`).toContain(catalogs[locale][key]);
          expect(text, `${entry} ${locale} ${key}`).not.toContain(catalogs[other][key]);
        }
      }
  });

  it('each page fetches its first scripts in a few files, not dozens', () => {
    // Its language's messages included: one file more, fetched beside the others.
    for (const entry of ['index.html', 'checkout.html'] as const)
      expect(firstLoad(entry).files.length, entry).toBeLessThanOrEqual(16);
  });
});

describe('the browser bundles', () => {
  it('ship no schema library', () => {
    const files = scripts(WEB_DIR);
    expect(files.some((file) => file.includes('/embed/'))).toBe(true);
    const withZod = files.filter((file) => readFileSync(file, 'utf8').includes('ZodError'));
    expect(withZod).toEqual([]);
  });

  it('carry a brotli and a gzip copy of every script over a kilobyte, each the same script', () => {
    const big = scripts(WEB_DIR).filter((file) => readFileSync(file).length >= 1024);
    expect(big.length).toBeGreaterThan(5);
    const lacking = big.filter((file) => {
      if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) return true;
      const original = readFileSync(file);
      return (
        !brotliDecompressSync(readFileSync(`${file}.br`)).equals(original) ||
        !gunzipSync(readFileSync(`${file}.gz`)).equals(original)
      );
    });
    expect(lacking).toEqual([]);
  });
});
