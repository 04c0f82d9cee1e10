import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { startCheckoutRenderer } from './checkout-renderer.ts';

/** The hosted checkout as the server drew it: parts of its page (apps/web/src/checkout-server.tsx). */
export interface DrawnCheckout {
  html: string;
  head: string;
  state: string;
  locale: Locale;
}

export type CheckoutDrawer = (request: FastifyRequest) => Promise<DrawnCheckout | undefined>;

const CHECKOUT_PATH = /^\/checkout\/pay\/((?:plink|cs)_[A-Za-z0-9]+)$/;

/**
 * A browser opening the page, not a prefetch, a crawler or a link's preview: only then does a payment
 * link's page start its session here, as the page's scripts would at once.
 */
function isNavigation(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers['sec-fetch-mode'] === 'navigate' &&
    headers['sec-fetch-dest'] === 'document' &&
    headers['sec-purpose'] === undefined &&
    headers.purpose === undefined
  );
}

const isPhone = (request: FastifyRequest): boolean =>
  request.headers['sec-ch-ua-mobile'] === '?1' ||
  /Mobi|Android|iPhone/i.test(request.headers['user-agent'] ?? '');

/**
 * Draws the hosted checkout on the server (issue 27: a phone on a slow network paints the order from
 * the page's HTML, before any script), where the web build has its renderer (dist/.ssr/). The answers
 * come from the API's own routes, asked in-process with the visitor's cookies, address and language,
 * so the page shows exactly what its scripts would have asked for, and they take over from the same
 * answers. Anything it cannot draw (no renderer, a refusal, an authToken in the address, a failure)
 * gets the plain page, whose scripts ask for themselves.
 */
export function checkoutDrawer(
  app: FastifyInstance,
  webDir: string,
  origin: string,
): CheckoutDrawer | undefined {
  const file = join(webDir, '.ssr', 'checkout-server.mjs');
  if (!existsSync(file)) return undefined;
  const renderer = startCheckoutRenderer(file);
  app.addHook('onClose', () => renderer.close());

  return async (request) => {
    const [path = '', search = ''] = request.url.split(/(?=\?)/);
    const id = CHECKOUT_PATH.exec(path)?.[1];
    const query = new URLSearchParams(search);
    // A host's token signs the buyer in on the page itself (sessionStorage): the server cannot see it.
    if (!id || query.has('authToken')) return undefined;
    const isLink = id.startsWith('plink_');
    if (isLink && !isNavigation(request)) return undefined;

    const { locale } = request;
    const headers = {
      'accept-language': request.headers['accept-language'] ?? '',
      cookie: request.headers.cookie ?? '',
      'user-agent': request.headers['user-agent'] ?? '',
    };
    const ask = (method: 'GET' | 'POST', url: string) =>
      app.inject({ method, url: `${url}?locale=${locale}`, headers, remoteAddress: request.ip });
    try {
      const [session, checkout] = await Promise.all([
        ask('GET', '/api/session'),
        isLink
          ? ask('POST', `/api/checkout-sessions/start/${id}`)
          : ask('GET', `/api/checkout-sessions/retrieve/${id}`),
      ]);
      if (session.statusCode !== 200 || checkout.statusCode !== 200) return undefined;
      const page = await renderer.render({
        state: { id, envelope: checkout.json(), session: session.json(), locale },
        search,
        cookies: headers.cookie,
        phone: isPhone(request),
        origin,
      });
      return { ...page, locale };
    } catch (error) {
      request.log.warn(
        { err: error },
        'the checkout could not be drawn on the server; sending the plain page',
      );
      return undefined;
    }
  };
}

/** The plain page with the drawn checkout in it: its language, its styles, its markup and its answers. */
export function withDrawnCheckout(page: string, drawn: DrawnCheckout): string {
  // Functions, not strings: a `$&` in the order's text must stay text.
  return page
    .replace(/<html lang="[^"]*"/, () => `<html lang="${drawn.locale}"`)
    .replace('</head>', () => `${drawn.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${drawn.html}</div>${drawn.state}`);
}
