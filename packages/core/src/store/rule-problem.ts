/**
 * What a store rule answers when it refuses a value: an i18n key (packages/core/src/i18n/store.ts)
 * and the key's placeholders, so the server and the forms show it in the reader's language.
 */
export interface RuleProblem {
  key: string;
  params?: Record<string, string | number>;
}
