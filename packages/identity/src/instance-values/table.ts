/** Instance-wide values made once (signing keys) and one-time flags (the owner bootstrap); ../instance-values.ts. */
export type InstanceValueRow = {
  name: string;
  value: string;
  created_at: number;
};
