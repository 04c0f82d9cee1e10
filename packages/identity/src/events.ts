import type { CliConnectionRow } from './access-tokens/table.ts';
import type { ApiKeyRow } from './api-keys/table.ts';
import type { JoinRequestRow } from './join-requests/table.ts';
import type { PassportRow } from './passports/table.ts';

/**
 * Identity's events: the names each resource records (store.ts and the resources' own store.ts
 * build each with its own, so it can record no other) and the snapshot they carry. No snapshot holds
 * a secret's hash: events go out to webhooks.
 */

export type ApiKeyEvent = 'api_key.created' | 'api_key.revoked';
export type PassportEvent = 'passport.created' | 'passport.revoked';
export type AccessTokenEvent = 'access_token.created' | 'access_token.deleted';
export type CliConnectionEvent =
  | 'cli_connection.created'
  | 'cli_connection.approved'
  | 'cli_connection.denied'
  | 'cli_connection.expired'
  | 'cli_connection.redeemed';
export type JoinRequestEvent =
  'join_request.created' | 'join_request.approved' | 'join_request.declined' | 'join_request.withdrawn';

/** Identity's events and the snapshot each carries. */
export type IdentityEvents = Record<
  ApiKeyEvent,
  Omit<ApiKeyRow, 'secret_hash' | 'livemode'> & { livemode: boolean }
> &
  Record<PassportEvent, PassportRow> &
  // An access token is an API key of another kind, without the merchant-only fields.
  Record<AccessTokenEvent, Omit<ApiKeyRow, 'secret_hash' | 'livemode' | 'kind'>> &
  Record<CliConnectionEvent, Omit<CliConnectionRow, 'secret_hash'>> &
  Record<JoinRequestEvent, JoinRequestRow & { object: 'join_request' }>;
export type IdentityEventType = keyof IdentityEvents;

declare module '@kiosk/platform' {
  // The platform's catalogue of every module's events (subscribers name only these).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface EventCatalogue extends IdentityEvents {}
}
