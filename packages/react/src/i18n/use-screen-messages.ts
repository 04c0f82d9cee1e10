import { useTranslation } from 'react-i18next';
import { LOCALES, type MessageGroup } from '@kiosk/core';

const added = new WeakMap<object, WeakSet<MessageGroup>>();

/**
 * Adds a screen's own messages to the i18n instance before its components ask for them: the groups
 * of screens that load later stay out of every page's first load (@kiosk/core i18n). Call it at the
 * top of the screen's root component; it adds each group once per instance.
 */
export function useScreenMessages(group: MessageGroup): void {
  const { i18n } = useTranslation();
  let groups = added.get(i18n);
  if (!groups) added.set(i18n, (groups = new WeakSet()));
  if (groups.has(group)) return;
  for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', group[locale], true, false);
  groups.add(group);
}
