/** A group of messages with the same keys in every locale; the type makes a missing zh entry a compile error. */
export function defineMessages<const T extends Record<string, string>>(messages: {
  en: T;
  zh: { [K in keyof T]: string };
}): { en: T; zh: { [K in keyof T]: string } } {
  return messages;
}

/** A group as the i18n instance takes it: each locale's messages. */
export type MessageGroup = { en: Record<string, string>; zh: Record<string, string> };

/** A group's English messages, the source of its keys: flat dotted keys, `{name}` placeholders. */
export type Messages = Record<string, string>;

/** The same group in another language: every key of its English, and no other (a compile error). */
export type Translation<T extends Messages> = { [K in keyof T]: string };
