import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export interface SectionNavProps {
  /** The landmark's name (a message key). */
  label: string;
  sections: readonly { to: string; label: string }[];
  sx?: SxProps<Theme>;
}

/**
 * An area's sections (the console's, the dashboard's) above each of its screens. The current one
 * (its list or any page under it) is marked with aria-current by NavLink and stands out.
 */
export function SectionNav({ label, sections, sx }: SectionNavProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t(label)}
      sx={[{ display: 'flex', flexWrap: 'wrap', gap: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {sections.map((section) => (
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
