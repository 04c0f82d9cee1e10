import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { appFeedbackMessages } from '@kiosk/core/i18n/app-feedback';
import { useScreenMessages } from '@kiosk/react';
import { useSession } from '../../../hooks/use-session.ts';
import { CommentsPanel } from './CommentsPanel.tsx';
import { RatingPanel } from './RatingPanel.tsx';

/**
 * An app page's ratings and comments (issue 24 item 5): the average, count and 1–5 histogram, the
 * visitor's own stars, and the comments with their replies, newest or most helpful first.
 */
export function AppFeedbackSection({ did }: { did: string }) {
  useScreenMessages(appFeedbackMessages);
  const { t } = useTranslation();
  const session = useSession();
  const headingId = useId();
  const commentsId = useId();
  const signedIn = Boolean(session.data?.user);

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 2, fontWeight: 600 }}>
        {t('appFeedback.heading')}
      </Typography>
      <RatingPanel did={did} />
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-labelledby={commentsId}>
        <CommentsPanel did={did} signedIn={signedIn} headingId={commentsId} />
      </Box>
    </Box>
  );
}
