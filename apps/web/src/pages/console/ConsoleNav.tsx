import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { consoleMessages } from '@kiosk/core/i18n/console';
import { useScreenMessages } from '@kiosk/react';

const SECTIONS = [
  { to: '/console/apps', label: 'console.nav.apps' },
  { to: '/console/categories', label: 'console.nav.categories' },
  { to: '/console/comments', label: 'console.nav.comments' },
] as const;

/**
 * The console's sections, above each of its screens: the header's Console leads to the review queue,
 * and from there to the others. The current one is marked (aria-current, by NavLink) and stands out.
 */
export function ConsoleNav() {
  const { t } = useTranslation();
  useScreenMessages(consoleMessages);
  return (
    <Box
      component="nav"
      aria-label={t('console.nav.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}
    >
      {SECTIONS.map((section) => (
        <Button
          key={section.to}
          component={NavLink}
          to={section.to}
          size="small"
          sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected', fontWeight: 700 } }}
        >
          {t(section.label)}
        </Button>
      ))}
    </Box>
  );
}
