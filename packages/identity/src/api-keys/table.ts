export type CredentialKind = 'secret_key' | 'access_token';

/**
 * Every machine credential, by `kind`: a merchant back end's secret key (`sk_…`) or a developer's
 * access token for the store (`kat_…`, with its scope, permission and expiry). Only secrets' hashes.
 */
export type ApiKeyRow = {
  id: string;
  kind: CredentialKind;
  name: string;
  livemode: number | boolean;
  /** The first characters of the secret, to recognise a key in lists. */
  prefix: string;
  secret_hash: string;
  created_by: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
  /** Access tokens: `all` or one app's DID; null for secret keys. */
  scope: string | null;
  /** Access tokens: `publish` or `read`; null for secret keys. */
  permission: 'publish' | 'read' | null;
  /** Access tokens expire; secret keys last until revoked (null). */
  expires_at: number | null;
};
