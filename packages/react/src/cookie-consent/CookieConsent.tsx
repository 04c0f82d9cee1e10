import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readCookie, writeCookie } from '../browser/cookies.ts';
import { isInsideIframe } from '../browser/is-inside-iframe.ts';
import { ABOVE_COOKIE_CONSENT, useReservedBottomSpace } from './bottom-space.ts';

// Seed 000 §1: consent lives in the cookie `CookieConsent` for 365 days; the banner is at most 440 px wide.
export const COOKIE_CONSENT_COOKIE = 'CookieConsent';
export const COOKIE_CONSENT_DAYS = 365;
const MAX_WIDTH_PX = 440;

export interface CookieConsentProps {
  /** Inside an iframe the host page owns the consent question, so the banner stays hidden unless this is true. */
  showInIframe?: boolean;
  /** Where "Learn more" points; the link is left out without it. */
  learnMoreHref?: string;
  onAccept?: () => void;
  onDecline?: () => void;
  /** The request's Cookie header, where the banner is drawn on the server; the page's cookies otherwise. */
  cookies?: string;
}

export function CookieConsent({
  showInIframe = false,
  learnMoreHref,
  onAccept,
  onDecline,
  cookies,
}: CookieConsentProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [answered, setAnswered] = useState(() => readCookie(COOKIE_CONSENT_COOKIE, cookies) !== undefined);
  const [hiddenByFrame] = useState(() => !showInIframe && isInsideIframe());
  const banner = useRef<HTMLElement>(null);
  const open = !answered && !hiddenByFrame;
  useReservedBottomSpace(banner, open);

  if (!open) return null;

  const answer = (accepted: boolean) => {
    writeCookie(COOKIE_CONSENT_COOKIE, String(accepted), { days: COOKIE_CONSENT_DAYS, path: '/' });
    setAnswered(true);
    if (accepted) onAccept?.();
    else onDecline?.();
  };

  return (
    <>
      <Paper
        ref={banner}
        component="section"
        role="region"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        elevation={6}
        sx={{
          position: 'fixed',
          insetInlineStart: { xs: 8, sm: 16 },
          insetInlineEnd: { xs: 8, sm: 'auto' },
          bottom: { xs: 8, sm: 16 },
          maxWidth: MAX_WIDTH_PX,
          p: 2.5,
          // Above fixed bars, below drawers, dialogs and menus: an open dialog's actions are never under it.
          zIndex: (theme) => theme.zIndex.appBar + 1,
        }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('cookieConsent.title')}
        </Typography>
        <Typography id={messageId} variant="body2" color="text.secondary">
          {t('cookieConsent.message')}{' '}
          {learnMoreHref && <Link href={learnMoreHref}>{t('cookieConsent.learnMore')}</Link>}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button variant="text" color="inherit" onClick={() => answer(false)}>
            {t('cookieConsent.decline')}
          </Button>
          <Button variant="contained" onClick={() => answer(true)}>
            {t('cookieConsent.accept')}
          </Button>
        </Stack>
      </Paper>
      {/* Room at the end of the page, so its last content can scroll out from under the banner. */}
      <Box aria-hidden="true" sx={{ height: ABOVE_COOKIE_CONSENT }} />
    </>
  );
}
