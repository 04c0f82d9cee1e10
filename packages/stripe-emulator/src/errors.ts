// Stripe's error shape. The SDK picks its error class from the status (402 → StripeCardError, 401 →
// StripeAuthenticationError, 400/404 → StripeInvalidRequestError or, by type, StripeIdempotencyError).

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(
  message: string,
  options: { param?: string; code?: string; status?: number } = {},
) {
  const { status = 400, code, param } = options;
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

/** 404 for an id that names nothing, worded as Stripe words it for that resource. */
export function resourceMissing(noun: string, id: string, param = 'id') {
  return invalidRequest(`No such ${noun}: '${id}'`, { status: 404, code: 'resource_missing', param });
}

export function missingParam(param: string) {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function unexpectedState(code: string, message: string) {
  return invalidRequest(message, { code });
}

export function cardError(code: string, message: string, extra: Partial<StripeErrorBody> = {}) {
  return new StripeApiError(402, { type: 'card_error', code, message, doc_url: docUrl(code), ...extra });
}

export function authError(message: string) {
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}
