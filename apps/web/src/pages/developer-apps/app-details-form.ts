import type { AppDetailsInput } from './use-developer-apps.ts';

/** The contract's `appUpdate` limits (packages/contracts/src/store.ts). */
export const APP_TITLE_MAX_LENGTH = 60;
export const APP_DESCRIPTION_MAX_LENGTH = 2_000;
export const VISIBILITIES = ['public', 'private'] as const;

export interface AppDetailsForm {
  title: string;
  description: string;
  /** '' for none: a native select's values are strings. */
  category: string;
  visibility: (typeof VISIBILITIES)[number];
  auto_publish: boolean;
  accepts_donations: boolean;
}

/** The PUT body: every field the developer may edit, trimmed, an empty category as none. */
export function appDetailsBody(values: AppDetailsForm): AppDetailsInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category || null,
    visibility: values.visibility,
    auto_publish: values.auto_publish,
    accepts_donations: values.accepts_donations,
  };
}
