import { checkAccessTokenName, ROLES, SECONDS } from '@kiosk/core';
import { z } from 'zod';
import { listOf, pageQuery } from './common.ts';
import { defineRoutes } from './route.ts';

/** A user's DID: an EVM account on chain 1, lower-case (`did:pkh:eip155:1:0x…`). */
export const DID_PATTERN = /^did:pkh:eip155:1:0x[0-9a-f]{40}$/;

export const passportSchema = z.object({ id: z.string(), role: z.enum(ROLES), issued_at: z.number() });

export const userSchema = z.object({
  did: z.string(),
  address: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  passports: z.array(passportSchema),
});
export type SessionUser = z.infer<typeof userSchema>;
export type Passport = z.infer<typeof passportSchema>;

export const siweAnswer = z.object({
  message: z.string().min(1).max(4_000),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'validation.hexSignature')
    .max(1_000),
});

export const sessionAnswer = z.object({
  user: userSchema.nullable(),
  initialized: z.literal(true),
  test_wallet: z.boolean(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** Sign-in by wallet (EIP-4361) and the session it opens. */
export const sessionRoutes = defineRoutes({
  'GET /api/auth/nonce': { response: { 200: z.object({ nonce: z.string(), expires_at: z.number() }) } },
  'POST /api/auth/siwe': { body: siweAnswer, response: { 200: z.object({ user: userSchema }) } },
  'GET /api/session': { response: { 200: sessionAnswer } },
  'POST /api/auth/logout': { response: { 204: z.null() } },
});

export const connectStatus = z.enum(['created', 'scanned', 'succeeded', 'failed', 'expired']);
// Any name: an unknown action is a coded 404 from the registry, not a validation failure.
export const connectAction = z.object({ action: z.string() });
export const connectTokenQuery = z.object({ _t_: z.string().min(1).max(64) });

/**
 * What a wallet reads to answer a connect session: the app, the EIP-4361 fields to sign, the
 * action's own description (a payment's amount and recipient …) and the app's signature over all
 * of it. Loose: the description's fields differ per action and must reach the wallet unchanged.
 */
export const walletRequest = z.looseObject({
  action: z.string(),
  token: z.string(),
  app: z.object({ name: z.string(), url: z.string(), did: z.string() }),
  siwe: z.object({
    domain: z.string(),
    uri: z.string(),
    nonce: z.string(),
    statement: z.string(),
    version: z.string(),
    issuedAt: z.string(),
    expirationTime: z.string(),
  }),
  params: z.record(z.string(), z.unknown()),
  expires_at: z.number(),
  app_signature: z.string(),
});

export const connectSession = z.object({
  token: z.string(),
  secret: z.string(),
  auth_url: z.string(),
  deep_link: z.string(),
  status: connectStatus,
  expires_at: z.number(),
});
export type ConnectSession = z.infer<typeof connectSession>;

/** The page's side of a connect session: open it, then follow its outcome. */
export const connectRoutes = defineRoutes({
  'POST /api/did/:action/token': {
    params: connectAction,
    body: z.object({ params: z.record(z.string(), z.unknown()).optional() }).optional(),
    response: { 200: connectSession },
  },
  'GET /api/did/:action/status': {
    params: connectAction,
    querystring: connectTokenQuery.extend({ secret: z.string().min(1).max(64) }),
    response: {
      200: z.object({ status: connectStatus, error: z.string().nullable(), did: z.string().nullable() }),
    },
  },
});

/** The wallet's side of a connect session: the app to pin, the request to sign, the signed answer. */
export const walletConnectRoutes = defineRoutes({
  'GET /api/did/app': { response: { 200: z.object({ name: z.string(), url: z.string(), did: z.string() }) } },
  'GET /api/did/:action/auth': {
    params: connectAction,
    querystring: connectTokenQuery,
    response: { 200: walletRequest },
  },
  'POST /api/did/:action/auth': {
    params: connectAction,
    querystring: connectTokenQuery,
    body: siweAnswer.loose(),
    response: { 200: z.object({ status: connectStatus, did: z.string() }) },
  },
});

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  livemode: z.boolean(),
  prefix: z.string(),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time its secret is seen. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyRoutes = defineRoutes({
  'GET /api/api-keys': { querystring: pageQuery, response: { 200: listOf(apiKeySchema) } },
  'POST /api/api-keys': {
    body: z.object({ name: z.string().trim().min(1).max(100), livemode: z.boolean() }),
    response: { 201: createdApiKeySchema },
  },
  'DELETE /api/api-keys/:id': {
    params: z.object({ id: z.string().max(64) }),
    response: { 204: z.null() },
  },
});

/** Users and the roles (passports) they hold. */
export const passportRoutes = defineRoutes({
  'GET /api/users': {
    /** `role`: only the users holding a live passport of it, newest passport first. */
    querystring: pageQuery.extend({ role: z.enum(ROLES).optional() }),
    response: { 200: z.object({ list: z.array(userSchema), count: z.number() }) },
  },
  'POST /api/passports': {
    body: z.object({ did: z.string().regex(DID_PATTERN, 'validation.did'), role: z.enum(ROLES) }),
    response: { 201: passportSchema },
  },
  'DELETE /api/passports/:id': {
    params: z.object({ id: z.string().max(64) }),
    response: { 204: z.null() },
  },
});

/** The longest an authToken lives. */
export const AUTH_TOKEN_MAX_TTL = SECONDS.day;

/** Who a request speaks for. */
export const principalSchema = z.object({
  kind: z.enum(['user', 'apiKey', 'authToken']),
  did: z.string().nullable(),
  livemode: z.boolean(),
  roles: z.array(z.string()),
});

/** authTokens for a host app on another origin, and who the caller is. */
export const authTokenRoutes = defineRoutes({
  'POST /api/auth-tokens': {
    body: z.object({
      customer_did: z.string().regex(DID_PATTERN, 'validation.did'),
      expires_in: z.number().int().min(60).max(AUTH_TOKEN_MAX_TTL).optional(),
    }),
    response: { 201: z.object({ token: z.string(), expires_at: z.number(), livemode: z.boolean() }) },
  },
  'GET /api/whoami': { response: { 200: principalSchema } },
});

/** What a developer access token may do: upload and publish versions, or only read. */
export const ACCESS_TOKEN_PERMISSIONS = ['publish', 'read'] as const;
export type AccessTokenPermission = (typeof ACCESS_TOKEN_PERMISSIONS)[number];
/** Issue 12 item 3: a token lives 90 days unless its developer says otherwise, a year at most. */
export const ACCESS_TOKEN_DEFAULT_TTL = 90 * SECONDS.day;
export const ACCESS_TOKEN_MAX_TTL = 366 * SECONDS.day;
/** `kat_` and 40 base62 characters; the prefix lets secret scanners (and the store's) spot one. */
export const ACCESS_TOKEN_PATTERN = /^kat_[0-9A-Za-z]{40}$/;

/** One app (its DID) or every app of the token's developer. */
export const accessTokenScope = z.union([
  z.literal('all'),
  z.string().regex(DID_PATTERN, 'validation.appScope'),
]);

/** Seed 001 §5: the name is required ('Access Token Name is required') and is what deleting asks typed. */
const accessTokenName = z.string({ error: 'store.accessToken.nameRequired' }).superRefine((value, ctx) => {
  const problem = checkAccessTokenName(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params ?? {} });
});

export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to recognise a token in lists. */
  prefix: z.string(),
  scope: z.string(),
  permission: z.enum(ACCESS_TOKEN_PERMISSIONS),
  status: z.enum(['active', 'expired']),
  created_at: z.number(),
  expires_at: z.number(),
  last_used_at: z.number().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The answer to creating a token: the only time its secret is seen. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ secret: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const developerIdentitySchema = z.object({
  did: z.string(),
  roles: z.array(z.string()),
  /** The token the caller used, or null for a signed-in user. */
  token: accessTokenSchema
    .pick({ id: true, name: true, scope: true, permission: true, expires_at: true })
    .nullable(),
});
export type DeveloperIdentity = z.infer<typeof developerIdentitySchema>;

/** Developer access tokens (seed 001 `/developer/access-tokens`), for the CLI and other tools. */
export const accessTokenRoutes = defineRoutes({
  'GET /api/developer/access-tokens': {
    querystring: pageQuery,
    response: { 200: listOf(accessTokenSchema) },
  },
  'POST /api/developer/access-tokens': {
    body: z.object({
      name: accessTokenName,
      scope: accessTokenScope.default('all'),
      permission: z.enum(ACCESS_TOKEN_PERMISSIONS).default('publish'),
      /** Seconds from now; 90 days when left out. */
      expires_in: z.number().int().min(3_600).max(ACCESS_TOKEN_MAX_TTL).optional(),
    }),
    response: { 201: createdAccessTokenSchema },
  },
  'DELETE /api/developer/access-tokens/:id': {
    params: z.object({ id: z.string().max(64) }),
    /** Seed 001 §5: deleting a token needs its name typed to confirm. */
    body: z.object({ name: z.string({ error: 'store.accessToken.nameRequired' }).max(200) }),
    response: { 204: z.null() },
  },
  'GET /api/developer/whoami': { response: { 200: developerIdentitySchema } },
});

export const CLI_CONNECTION_STATUSES = ['pending', 'approved', 'denied', 'redeemed', 'expired'] as const;
/** Who opens a connection: the CLI (`kiosk login`, /connect-cli) or an editor (/connect-studio). */
export const CLI_CONNECTION_CLIENTS = ['cli', 'studio'] as const;
export type CliConnectionClient = (typeof CLI_CONNECTION_CLIENTS)[number];

/** What the /connect-cli or /connect-studio page shows before it is approved: who asks, until when. */
export const cliConnectionSchema = z.object({
  id: z.string(),
  client: z.enum(CLI_CONNECTION_CLIENTS),
  source: z.string(),
  status: z.enum(CLI_CONNECTION_STATUSES),
  expires_at: z.number(),
});
export type CliConnection = z.infer<typeof cliConnectionSchema>;

const cliConnectionId = z.object({ id: z.string().min(1).max(64) });

/**
 * `kiosk login` through the browser (seed 001 `/connect-cli`): the CLI opens a connection and shows
 * its `approve_url`; the developer, signed in there, approves it; the CLI redeems it once, with the
 * secret only it holds, for a new access token (scope all, publish, 90 days) named after the source.
 * An editor does the same with `client: 'studio'`; its `approve_url` is the /connect-studio page.
 */
export const cliConnectionRoutes = defineRoutes({
  'POST /api/connect-cli': {
    body: z
      .object({
        source: z.string().trim().min(1).max(64).optional(),
        client: z.enum(CLI_CONNECTION_CLIENTS).default('cli'),
      })
      .optional(),
    response: {
      201: cliConnectionSchema.extend({ secret: z.string(), approve_url: z.string() }),
    },
  },
  'GET /api/connect-cli/:id': { params: cliConnectionId, response: { 200: cliConnectionSchema } },
  'POST /api/connect-cli/:id/approve': { params: cliConnectionId, response: { 200: cliConnectionSchema } },
  'POST /api/connect-cli/:id/deny': { params: cliConnectionId, response: { 200: cliConnectionSchema } },
  'POST /api/connect-cli/:id/redeem': {
    params: cliConnectionId,
    body: z.object({ secret: z.string().min(1).max(64) }),
    response: {
      200: z.object({
        status: z.enum(CLI_CONNECTION_STATUSES),
        /** The new token, in the one answer that redeems the approved connection; else null. */
        token: createdAccessTokenSchema.nullable(),
      }),
    },
  },
});
