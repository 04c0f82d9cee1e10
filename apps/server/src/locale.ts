import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  localeFromAcceptLanguage,
  matchLocale,
  type Locale,
} from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in. */
    locale: Locale;
  }
}

/** A request's language: its `locale` parameter, then the language cookie, then Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  return (
    matchLocale(typeof query?.locale === 'string' ? query.locale : undefined) ??
    matchLocale(request.cookies?.[LOCALE_COOKIE]) ??
    localeFromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LOCALE
  );
}

export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = requestLocale(request);
    done();
  });
}
