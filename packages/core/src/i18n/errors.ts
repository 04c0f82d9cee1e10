import type { Messages } from './define.ts';

/**
 * Messages of API error codes (`error.{CODE}`) and the generic texts around them.
 * Its Chinese is in errors.zh.ts.
 */
export const errorEn = {
  'error.VALIDATION_FAILED': 'Validate failed',
  'error.AMOUNT_TOO_LARGE': 'The amount is larger than any currency can hold (2^256 - 1 smallest units)',
  'error.INVALID_JSON': 'The request body is not valid JSON',
  'error.UNSUPPORTED_MEDIA_TYPE': 'Unsupported content type: {type}',
  'error.PAYLOAD_TOO_LARGE': 'The request body is too large',
  'error.BAD_REQUEST': 'Sorry, request error',
  'error.NOT_FOUND': 'Not found',
  'error.ROUTE_NOT_FOUND': 'No route for {method} {url}',
  'error.METHOD_NOT_ALLOWED': 'Method not allowed',
  'error.UNAUTHENTICATED': 'Please sign in first',
  'error.FORBIDDEN': 'You are not allowed to do this',
  'error.CROSS_SITE_REQUEST': 'This request came from another site and was refused',
  'error.RATE_LIMITED': 'Too many requests, please retry in {after} s',
  'error.INTERNAL': 'Sorry, something went wrong.',
  'error.SERVICE_UNAVAILABLE': 'The service is not available right now',
  'error.SIWE_INVALID_MESSAGE': 'This is not a valid Sign-In with Ethereum message',
  'error.SIWE_DOMAIN_MISMATCH': 'The sign-in message was made for another site ({domain})',
  'error.SIWE_NONCE_INVALID': 'The sign-in request was already used or has expired; please try again',
  'error.SIWE_EXPIRED': 'The sign-in message has expired; please try again',
  'error.SIWE_BAD_SIGNATURE': 'The signature does not match the account',
  'error.CONNECT_SESSION_INVALID': 'Session does not exist or has expired',
  'error.INVALID_API_KEY': 'The API key is not valid or was revoked',
  'error.INVALID_AUTH_TOKEN': 'The auth token is not valid or has expired',
  'error.USER_NOT_FOUND': 'No user with the DID {did}',
  'error.PASSPORT_NOT_FOUND': 'No such passport',
  'error.LAST_OWNER': 'The last owner cannot be removed',
  'error.API_KEY_NOT_FOUND': 'No such API key',
  'error.IDEMPOTENCY_KEY_REUSED': 'This Idempotency-Key was used with a different request',
  'error.IDEMPOTENCY_NOT_SUPPORTED':
    'This request cannot take an Idempotency-Key: its answer holds a secret that is shown only once',
  'validation.idempotencyKey': 'Must be 1 to 255 characters',
  'validation.did': 'Must be a DID like did:pkh:eip155:1:0x…',
  'validation.hexSignature': 'Must be a 0x-prefixed hex signature',
  'validation.pagePath': 'Must be a path on this site, starting with /',
  'validation.webAddress': 'Must be an http:// or https:// web address',
  'error.unknown': 'Unknown error',
  'validation.required': 'Required',
  'validation.noNul': 'Must not contain a NUL character',
  'validation.invalid': 'Invalid value',
  'validation.invalidType': 'Expected {expected}',
  'validation.tooSmall': 'Must be at least {minimum}',
  'validation.tooBig': 'Must be at most {maximum}',
  'validation.tooShort': 'Must be at least {minimum} characters',
  'validation.tooLong': 'Must be at most {maximum} characters',
  'validation.invalidOption': 'Must be one of: {options}',
  'validation.unrecognizedKeys': 'Unknown field: {keys}',
  'error.TOO_MANY_PENDING_PAYMENTS':
    'Too many of your payments are being confirmed; please wait for one to finish before naming another',
  // Joining as a developer (/join, docs/identity.md §3).
  'validation.termsRequired': 'You must accept the developer terms to join',
  'error.ALREADY_DEVELOPER': 'You are a developer already',
  'error.JOIN_REQUEST_NOT_FOUND': 'No such request to join',
  'error.JOIN_REQUEST_NOT_PENDING':
    'This request is no longer waiting: it was approved, declined or withdrawn',
} satisfies Messages;
