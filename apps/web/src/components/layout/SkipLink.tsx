import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop for keyboard users: jumps past the header straight to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('shell.skipToContent')}
    </Link>
  );
}
