// docs/identity.md §2: the page polls every 2 s, and a connect session expires after 5 minutes.
export const CONNECT_POLL_INTERVAL_MS = 2_000;
export const CONNECT_SESSION_LIFETIME_MS = 5 * 60_000;
