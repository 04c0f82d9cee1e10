import { KioskError, isKioskError, type ErrorBody, type ErrorDetail, type Locale } from '@kiosk/core';
import { hasMessage, translate } from '@kiosk/core/i18n/translate';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';

/**
 * Every failure leaves as `{ code, error, details? }` in the caller's language with a fitting status.
 * A 5xx is a bug: it is logged with its stack and the caller sees only INTERNAL.
 */

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

export function toKioskError(error: FastifyError | Error, request: FastifyRequest): KioskError {
  if (isKioskError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext ?? 'body';
    return new KioskError('VALIDATION_FAILED', {
      details: error.validation.map((issue) => validationDetail(where, issue, request.locale)),
    });
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) {
    return new KioskError(mapped, { params: { type: String(request.headers['content-type'] ?? '') } });
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return new KioskError('BAD_REQUEST', { status });
  return new KioskError('INTERNAL', { cause: error });
}

function validationDetail(
  where: string,
  issue: ZodFastifySchemaValidationError,
  locale: Locale,
): ErrorDetail {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return { path: field ? `${where}.${field}` : where, message: validationMessage(issue, locale) };
}

/** zod's issue codes mapped to our texts; a custom refinement may carry an i18n key as its message. */
function validationMessage(issue: ZodFastifySchemaValidationError, locale: Locale): string {
  const params = issue.params as Record<string, unknown>;
  if (issue.message && hasMessage(issue.message)) return translate(locale, issue.message, stringify(params));
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '')
        ? translate(locale, 'validation.required')
        : translate(locale, 'validation.invalidType', { expected: String(params.expected) });
    case 'too_small':
      return translate(locale, params.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', {
        minimum: String(params.minimum),
      });
    case 'too_big':
      return translate(locale, params.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', {
        maximum: String(params.maximum),
      });
    case 'invalid_value':
      return translate(locale, 'validation.invalidOption', {
        options: (params.values as unknown[] | undefined)?.map(String).join(', ') ?? '',
      });
    case 'unrecognized_keys':
      return translate(locale, 'validation.unrecognizedKeys', {
        keys: (params.keys as unknown[] | undefined)?.map(String).join(', ') ?? '',
      });
    default:
      return translate(locale, 'validation.invalid');
  }
}

function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
}

export function errorBody(error: KioskError, locale: Locale): ErrorBody {
  const key = `error.${error.code}`;
  const message = hasMessage(key) ? translate(locale, key, error.params) : error.message;
  // Services name detail messages by i18n key; they are written out in the caller's language here.
  const details = error.details?.map((d) => ({
    ...d,
    message: hasMessage(d.message) ? translate(locale, d.message) : d.message,
  }));
  return { code: error.code, error: message, ...(details ? { details } : {}) };
}

export function sendError(reply: FastifyReply, error: KioskError): FastifyReply {
  return reply.status(error.status).type('application/json').send(errorBody(error, reply.request.locale));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const error = toKioskError(raw, request);
    if (error.status >= 500) request.log.error({ err: raw }, 'request failed');
    return sendError(reply, error);
  });
}
