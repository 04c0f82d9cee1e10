/** `id` is the SHA-256 of the cookie's token: a copy of this table signs nobody in. */
export type SessionRow = {
  id: string;
  user_did: string;
  created_at: number;
  expires_at: number;
};

/** A sign-in message's nonce, used once (sessions/service.ts). */
export type AuthNonceRow = {
  nonce: string;
  expires_at: number;
  used_at: number | null;
};
