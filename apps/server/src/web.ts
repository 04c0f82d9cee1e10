import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { sendError } from './http-errors.ts';
import { checkoutDrawer, withDrawnCheckout } from './checkout-page.ts';
import { pageEntries, type PageHtml } from './page-entries.ts';

/** Paths that belong to the server; everything else is the single-page app's. */
const SERVER_PATHS = /^\/(api|metrics)(\/|$)/;

function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(path);
}

/** A Host header as it may appear in a policy (anything else is dropped, never echoed). */
const HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/**
 * Where a card form comes from: Stripe.js, its API and its 3-D Secure frames (the origins Stripe's
 * documentation lists for a Content-Security-Policy), or the local Stripe emulator where the server is
 * pointed at one (KIOSK_STRIPE_JS_URL, tests and the demo).
 */
interface CardOrigins {
  scripts: readonly string[];
  connect: readonly string[];
  frames: readonly string[];
}

function cardOrigins(stripeJsUrl: string | undefined): CardOrigins {
  if (stripeJsUrl) {
    const origin = new URL(stripeJsUrl).origin;
    return { scripts: [origin], connect: [origin], frames: [origin] };
  }
  return {
    scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    connect: ['https://api.stripe.com'],
    frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  };
}

/**
 * The pages' Content-Security-Policy: scripts only from this site (the build has no inline script),
 * styles inline too (MUI writes its styles at run time), the API and its realtime socket on this
 * host. Another site embeds the checkout with the embed module, not a frame: only the merchant's
 * listed origins may frame a page, which stops clickjacking of the pay button.
 */
function pagePolicy(host: string | undefined, frameOrigins: readonly string[], card: CardOrigins): string {
  const socket = host && HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  const listed = (origins: readonly string[]) => origins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${listed(card.scripts)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${socket}${listed(card.connect)}`,
    `frame-src 'self'${listed(card.frames)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ["frame-ancestors 'self'", ...frameOrigins].join(' '),
  ].join('; ');
}

/**
 * Serves the built web app and the embeddable checkout (`/embed/checkout.js`, for pages on the origins
 * of KIOSK_CORS_ORIGINS). Hashed files are cached for a year; index.html and the embed's entry are
 * revalidated each time so a deploy reaches users at once. Unknown page paths get index.html (or the
 * HTML entry of their own, see page-entries.ts) announcing the visitor's language's messages, with
 * the pages' security policy.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webDir' | 'corsOrigins' | 'stripeJsUrl' | 'baseUrl'>,
): Promise<void> {
  const { webDir, corsOrigins: frameOrigins, baseUrl } = config;
  const card = cardOrigins(config.stripeJsUrl);
  const built = existsSync(join(webDir, 'index.html'));
  const pageHtml = built ? pageEntries(webDir) : undefined;
  const drawCheckout = built ? checkoutDrawer(app, webDir, baseUrl) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The web build writes a .br and a .gz beside each asset: sent by Accept-Encoding, never
      // compressed again per request.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed files never change; the embed's entry keeps its name, so it is revalidated.
        const immutable = [join(webDir, 'assets'), join(webDir, 'embed', 'chunks')].some((dir) =>
          path.startsWith(dir),
        );
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDir }, 'web app not built: run `npm run build`; serving the API only');
  }

  // A page of the app, with the pages' policy and its visitor's language's messages.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, html: PageHtml) => {
    reply.header('content-security-policy', pagePolicy(request.headers.host, frameOrigins, card));
    // X-Frame-Options can name no list: it speaks only for browsers too old for frame-ancestors.
    if (frameOrigins.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cache-control', 'no-cache');
    // The page depends on the visitor's language (the messages it announces): caches keep one per language.
    reply.header('vary', 'Accept-Language, Cookie');
    const page = html(request.url.split('?')[0] ?? '/', request.locale);
    const drawn = request.method === 'GET' ? await drawCheckout?.(request) : undefined;
    if (!drawn) return reply.type('text/html; charset=utf-8').send(page);
    // Drawn for this visitor (a link's page holds the session it started): kept by no cache.
    reply.header('cache-control', 'private, no-store');
    return reply.type('text/html; charset=utf-8').send(withDrawnCheckout(page, drawn));
  };

  // The hosted checkout is a route of its own: a page drawn per visitor goes compressed like the API's
  // answers (the not-found handler below is not a route, so the compression hook never sees it).
  if (pageHtml)
    app.get(
      '/checkout/pay/:id',
      { config: { access: ['public'] }, schema: { hide: true } },
      (request, reply) => sendPage(request, reply, pageHtml),
    );

  app.setNotFoundHandler(async (request, reply) => {
    if (pageHtml && wantsPage(request)) return sendPage(request, reply, pageHtml);
    return sendError(
      reply,
      new KioskError('ROUTE_NOT_FOUND', {
        params: { method: request.method, url: request.url.split('?')[0] ?? '' },
      }),
    );
  });
}
