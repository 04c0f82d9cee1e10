import type { TFunction } from 'i18next';
import { ApiError } from '@kiosk/sdk';

function messageOf(item: unknown): string {
  if (typeof item === 'string') return item;
  const message = (item as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : JSON.stringify(item);
}

/**
 * Seed 000 §8, in this order: a list of errors joined by new lines; validation details as "Validate
 * failed" and `path: message` lines; the answer's error field; the message plus the answer's body;
 * else "Unknown error".
 */
export function checkoutErrorText(error: unknown, t: TFunction): string {
  if (error === null || error === undefined) return t('error.unknown');
  const body = error instanceof ApiError ? error.body : undefined;
  const list = (body as { errors?: unknown } | undefined)?.errors ?? (error as { errors?: unknown }).errors;
  if (Array.isArray(list) && list.length > 0) return list.map(messageOf).join('\n');
  if (error instanceof ApiError && error.details.length > 0) {
    const lines = error.details.map(({ path, message }) => `${path.replace(/^body\./, '')}: ${message}`);
    return [t('error.VALIDATION_FAILED'), ...lines].join('\n');
  }
  const field = (body as { error?: unknown } | undefined)?.error;
  if (typeof field === 'string' && field) return field;
  if (error instanceof Error && error.message) {
    if (body === undefined || body === '') return error.message;
    return `${error.message} ${typeof body === 'string' ? body : JSON.stringify(body)}`;
  }
  return t('error.unknown');
}
