export type CliConnectionStatus = 'pending' | 'approved' | 'denied' | 'redeemed' | 'expired';
export type CliConnectionClient = 'cli' | 'studio';

/**
 * `kiosk login` (the /connect-cli page): the CLI opens one, its developer approves it in the
 * browser, the CLI redeems it once for a new access token. `id` is public (in the page's URL); only
 * the CLI holds the secret. No token secret is ever stored: it is made when redeemed.
 */
export type CliConnectionRow = {
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
