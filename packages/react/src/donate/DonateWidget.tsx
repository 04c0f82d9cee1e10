import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FavoriteIcon from '@mui/icons-material/Favorite';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { donateMessages } from '@kiosk/core/i18n/donate';
import type { CheckoutSession } from '@kiosk/contracts';
import { useScreenMessages } from '../i18n/use-screen-messages.ts';
import { DonateDialog } from './DonateDialog.tsx';
import { DonateWidgetSkeleton } from './DonateWidgetSkeleton.tsx';
import { SupportersChip } from './SupportersChip.tsx';
import { donationsQueryKey, useDonations } from './use-donations.ts';

/** Seed 001 §9: the dialog closes 5 s after a donation is paid. */
export const DONATE_AUTO_CLOSE_MS = 5_000;

export interface DonateWidgetProps {
  /** The donation's `target` (or its link's id), as the host's back end made it with POST /api/donations. */
  target: string;
  /** The button's text; "Donate" in the visitor's language by default. */
  buttonText?: string;
  /** `avatars` (default) shows the supporters chip beside the button; `none` the button alone. */
  history?: 'avatars' | 'none';
  autoCloseMs?: number;
  /** A donation was paid (the dialog is still showing its thanks). */
  onPaid?: (session: CheckoutSession) => void;
  /** The donation's mode, when the page's client names another (the store's sales mode on its pages). */
  livemode?: boolean;
}

/**
 * The donate widget (issue 25): a Donate button that opens the donation form in a dialog, and who
 * has given so far. Anyone may give without signing in. When the target cannot be found the widget
 * renders nothing (seed 001 §8), so a host page never shows a button that cannot work.
 */
export function DonateWidget({
  target,
  buttonText,
  history = 'avatars',
  autoCloseMs = DONATE_AUTO_CLOSE_MS,
  onPaid,
  livemode,
}: DonateWidgetProps) {
  useScreenMessages(donateMessages);
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const donations = useDonations(target, livemode);
  const [open, setOpen] = useState(false);
  if (donations.isError) return null;
  if (!donations.data) return <DonateWidgetSkeleton history={history} label={t('donate.loading')} />;
  const { title, payment_link_id: linkId } = donations.data;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<FavoriteIcon />} onClick={() => setOpen(true)}>
        {buttonText ?? t('donate.button')}
      </Button>
      {history !== 'none' && <SupportersChip donations={donations.data} />}
      <DonateDialog
        open={open}
        onClose={() => setOpen(false)}
        linkId={linkId}
        title={title ? t('donate.dialogTitle', { title }) : t('donate.dialogTitleDefault')}
        autoCloseMs={autoCloseMs}
        onPaid={(session) => {
          void queryClient.invalidateQueries({ queryKey: donationsQueryKey(target) });
          onPaid?.(session);
        }}
      />
    </Stack>
  );
}
