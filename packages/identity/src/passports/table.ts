import type { Role } from '@kiosk/core';

export type PassportRow = {
  id: string;
  user_did: string;
  role: Role;
  issued_by: string;
  issued_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
};
