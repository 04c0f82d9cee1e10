export type ConnectSessionRow = {
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
