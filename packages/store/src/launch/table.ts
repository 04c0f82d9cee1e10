/** One row per launch of a web app (migration 20261128_70); the analytics count them per day. */
export type LaunchRow = {
  id: string;
  app_did: string;
  version: string;
  user_did: string;
  at: number;
};
