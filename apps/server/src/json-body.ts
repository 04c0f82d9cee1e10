import { KioskError } from '@kiosk/core';
import { translate } from '@kiosk/core/i18n/translate';
import type { FastifyInstance } from 'fastify';

/** Deeper than any request of the API needs; thousands deep would stall whatever walks it next. */
export const MAX_JSON_DEPTH = 64;

/**
 * JSON bodies, parsed and then looked over once: a body nested deeper than MAX_JSON_DEPTH is
 * malformed (400 INVALID_JSON), and text holding a NUL character is refused field by field (400
 * VALIDATION_FAILED): PostgreSQL text cannot store it, and no field of the API needs it.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (text === '') return done(new KioskError('INVALID_JSON'));
    request.rawBody = text as string;
    let body: unknown;
    try {
      body = JSON.parse(text as string);
    } catch {
      return done(new KioskError('INVALID_JSON'));
    }
    const nul: string[] = [];
    if (!walk(body, 'body', 0, nul)) return done(new KioskError('INVALID_JSON'));
    if (nul.length)
      return done(
        new KioskError('VALIDATION_FAILED', {
          details: nul.map((path) => ({ path, message: translate(request.locale, 'validation.noNul') })),
        }),
      );
    done(null, body);
  });
}

/** False when nested too deep; collects the paths of strings (and keys) holding a NUL. */
function walk(value: unknown, path: string, depth: number, nul: string[]): boolean {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) nul.push(path);
    return true;
  }
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) nul.push(path);
    if (!walk(child, `${path}.${key}`, depth + 1, nul)) return false;
  }
  return true;
}
