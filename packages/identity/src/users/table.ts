export type UserRow = {
  did: string;
  address: string;
  name: string | null;
  avatar: string | null;
  created_at: number;
  updated_at: number;
  last_login_at: number;
};
