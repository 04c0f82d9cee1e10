export type JoinRequestStatus = 'pending' | 'approved' | 'declined' | 'withdrawn';

/**
 * Asking to become a developer (/join, issue 12 item 7): while the permission mode is invitation,
 * an admin approves (which grants the developer passport) or declines. One pending per user.
 */
export type JoinRequestRow = {
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
