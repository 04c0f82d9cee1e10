/** A passport's role, most powerful first (docs/identity.md §3). */
export const ROLES = ['owner', 'admin', 'developer', 'member'] as const;
export type Role = (typeof ROLES)[number];
