/** A group of messages with the same keys in every locale; the type makes a missing zh entry a compile error. */
export function defineMessages<const T extends Record<string, string>>(messages: {
  en: T;
  zh: { [K in keyof T]: string };
}): { en: T; zh: { [K in keyof T]: string } } {
  return messages;
}

/** A group as the i18n instance takes it: each locale's messages. */
export type MessageGroup = { en: Record<string, string>; zh: Record<string, string> };
