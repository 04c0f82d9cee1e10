import type { Role } from '@kiosk/core';
import type { MigrationSet } from '@kiosk/db';
import { sql } from 'kysely';

/** Identity's tables; times are unix seconds. Nothing outside this package reads them. */
export interface IdentityTables {
  users: {
    did: string;
    address: string;
    name: string | null;
    avatar: string | null;
    created_at: number;
    updated_at: number;
    last_login_at: number;
  };
  passports: {
    id: string;
    user_did: string;
    role: Role;
    issued_by: string;
    issued_at: number;
    revoked_at: number | null;
    revoked_by: string | null;
  };
  /** `id` is the SHA-256 of the cookie's token: a copy of this table signs nobody in. */
  sessions: {
    id: string;
    user_did: string;
    created_at: number;
    expires_at: number;
  };
  auth_nonces: {
    nonce: string;
    expires_at: number;
    used_at: number | null;
  };
  connect_sessions: {
    token: string;
    secret_hash: string;
    action: string;
    status: 'created' | 'scanned' | 'succeeded' | 'failed' | 'expired';
    params: string;
    nonce: string;
    did: string | null;
    error: string | null;
    redeemed: number | boolean;
    created_at: number;
    updated_at: number;
    expires_at: number;
  };
  /**
   * Every machine credential, by `kind`: a merchant back end's secret key (`sk_…`) or a developer's
   * access token for the store (`kat_…`, with its scope, permission and expiry). Only secrets' hashes.
   */
  api_keys: {
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
  /**
   * `kiosk login` (the /connect-cli page): the CLI opens one, its developer approves it in the
   * browser, the CLI redeems it once for a new access token. `id` is public (in the page's URL); only
   * the CLI holds the secret. No token secret is ever stored: it is made when redeemed.
   */
  cli_connections: {
    id: string;
    secret_hash: string;
    /** Which page approves it: the CLI's (/connect-cli) or an editor's (/connect-studio). */
    client: CliConnectionClient;
    /** The tool asking, as it names itself ("Kiosk CLI on my-laptop"). */
    source: string;
    status: CliConnectionStatus;
    approved_by: string | null;
    token_id: string | null;
    created_at: number;
    updated_at: number;
    expires_at: number;
  };
  /**
   * Asking to become a developer (/join, issue 12 item 7): while the permission mode is invitation,
   * an admin approves (which grants the developer passport) or declines. One pending per user.
   */
  developer_join_requests: {
    id: string;
    did: string;
    message: string | null;
    /** When the user ticked the developer terms; a request cannot exist without it. */
    terms_accepted_at: number;
    status: JoinRequestStatus;
    /** The admin who approved or declined, or the user who withdrew. */
    decided_by: string | null;
    decided_at: number | null;
    created_at: number;
    updated_at: number;
  };
  /** Instance-wide values made once (signing keys) and one-time flags (the owner bootstrap). */
  instance_values: {
    name: string;
    value: string;
    created_at: number;
  };
}

export type CredentialKind = 'secret_key' | 'access_token';
export type CliConnectionStatus = 'pending' | 'approved' | 'denied' | 'redeemed' | 'expired';
export type JoinRequestStatus = 'pending' | 'approved' | 'declined' | 'withdrawn';
export type CliConnectionClient = 'cli' | 'studio';

export const identityMigrations: MigrationSet = {
  '20261122_10_identity': {
    async up(db) {
      await db.schema
        .createTable('users')
        .addColumn('did', 'text', (c) => c.primaryKey().notNull())
        .addColumn('address', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text')
        .addColumn('avatar', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('last_login_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('passports')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('user_did', 'text', (c) => c.notNull().references('users.did'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('issued_by', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      // One live passport per user and role; revoked ones stay as history.
      await db.schema
        .createIndex('passports_live_role')
        .on('passports')
        .columns(['user_did', 'role'])
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('user_did', 'text', (c) => c.notNull().references('users.did'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('auth_nonces')
        .addColumn('nonce', 'text', (c) => c.primaryKey().notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createTable('connect_sessions')
        .addColumn('token', 'text', (c) => c.primaryKey().notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('did', 'text')
        .addColumn('error', 'text')
        .addColumn('redeemed', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('livemode', 'boolean', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createTable('instance_values')
        .addColumn('name', 'text', (c) => c.primaryKey().notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // Who revoked a key or a role is part of the record (its event carries it).
  '20261123_10_identity_revoked_by': {
    async up(db) {
      await db.schema.alterTable('api_keys').addColumn('revoked_by', 'text').execute();
      await db.schema.alterTable('passports').addColumn('revoked_by', 'text').execute();
    },
  },
  // Developer access tokens are API keys of another kind (issue 12 item 3): one table, one hash lookup.
  '20261125_40_identity_access_tokens': {
    async up(db) {
      await db.schema
        .alterTable('api_keys')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('secret_key'))
        .execute();
      await db.schema.alterTable('api_keys').addColumn('scope', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('permission', 'text').execute();
      await db.schema.alterTable('api_keys').addColumn('expires_at', 'bigint').execute();
      // A developer's token list.
      await db.schema
        .createIndex('api_keys_kind_creator')
        .on('api_keys')
        .columns(['kind', 'created_by'])
        .execute();
      await db.schema
        .createTable('cli_connections')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('approved_by', 'text')
        .addColumn('token_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // An editor (the studio) gets its token the way the CLI does, approved on its own page (issue 12 item 4).
  '20261127_10_identity_connection_client': {
    async up(db) {
      await db.schema
        .alterTable('cli_connections')
        .addColumn('client', 'text', (c) => c.notNull().defaultTo('cli'))
        .execute();
    },
  },
  // Joining as a developer by invitation (issue 12 item 7): the request an admin approves or declines.
  '20261127_11_identity_join_requests': {
    async up(db) {
      await db.schema
        .createTable('developer_join_requests')
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('did', 'text', (c) => c.notNull().references('users.did'))
        .addColumn('message', 'text')
        .addColumn('terms_accepted_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One pending request per user: a second submit, even a racing one, finds the first.
      await db.schema
        .createIndex('developer_join_requests_one_pending')
        .on('developer_join_requests')
        .column('did')
        .unique()
        .where(sql.ref('status'), '=', sql.lit('pending'))
        .execute();
      // The console's list by status; a user's latest request.
      await db.schema
        .createIndex('developer_join_requests_status')
        .on('developer_join_requests')
        .columns(['status', 'id'])
        .execute();
      await db.schema
        .createIndex('developer_join_requests_did')
        .on('developer_join_requests')
        .columns(['did', 'id'])
        .execute();
    },
  },
};
