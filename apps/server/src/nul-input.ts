import { KioskError } from '@kiosk/core';
import { translate } from '@kiosk/core/i18n/translate';
import type { FastifyInstance } from 'fastify';

/**
 * A NUL character in a path or query parameter is refused before anything reads it (400
 * VALIDATION_FAILED naming each field, as a schema would): PostgreSQL text cannot hold one, so an id
 * or a cursor carrying it would fail the query as a 500, and no parameter of the API needs it. One
 * hook, registered before every route and before the caller is looked up, so a route added later is
 * covered without declaring anything and a route without a params schema is covered too. JSON bodies
 * get the same refusal as they are parsed (json-body.ts).
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const fields = [
      ...fieldsWithNul(request.params, 'params'),
      ...fieldsWithNul(request.query, 'querystring'),
    ];
    if (fields.length === 0) return done();
    const message = translate(request.locale, 'validation.noNul');
    done(new KioskError('VALIDATION_FAILED', { details: fields.map((path) => ({ path, message })) }));
  });
}

/** The paths of the parameters (names or values, repeated ones too) that hold a NUL. */
function fieldsWithNul(values: unknown, where: string): string[] {
  if (typeof values !== 'object' || values === null) return [];
  const found: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const texts = [name, ...[value].flat()];
    if (texts.some((text) => typeof text === 'string' && text.includes('\u0000')))
      found.push(name.includes('\u0000') ? where : `${where}.${name}`);
  }
  return found;
}
