import { consoleMessages } from '@kiosk/core/i18n/console';
import { useScreenMessages } from '@kiosk/react';
import { SectionNav } from '../../components/layout/SectionNav.tsx';

const SECTIONS = [
  { to: '/console/apps', label: 'console.nav.apps' },
  { to: '/console/categories', label: 'console.nav.categories' },
  { to: '/console/comments', label: 'console.nav.comments' },
  { to: '/console/analytics', label: 'console.nav.analytics' },
] as const;

/**
 * The console's sections, above each of its screens: the header's Console leads to the review queue,
 * and from there to the others. The current one is marked (aria-current, by NavLink) and stands out.
 */
export function ConsoleNav() {
  useScreenMessages(consoleMessages);
  return <SectionNav label="console.nav.label" sections={SECTIONS} sx={{ mb: 3 }} />;
}
