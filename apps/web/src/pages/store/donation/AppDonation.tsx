import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { appDonationMessages } from '@kiosk/core/i18n/app-donation';
import { useScreenMessages } from '@kiosk/react';
import { errorMessage } from '@kiosk/react/ui';
import { useSession } from '../../../hooks/use-session.ts';
import { CONSOLE_ROLES, hasAnyRole } from '../../../lib/roles.ts';
import { useAppDonation, useDonationSettingsChanges } from './use-app-donation.ts';

// The widget brings the donation checkout: it loads once donations are on.
const DonateWidget = lazy(() =>
  import('@kiosk/react/donate').then((module) => ({ default: module.DonateWidget })),
);
const DonationSettingsDialog = lazy(() =>
  import('./DonationSettingsDialog.tsx').then((module) => ({ default: module.DonationSettingsDialog })),
);

/**
 * "Support the developer" on an app's page (issue 24 item 7): while the store's owners have donations
 * on and the app's developer takes them, the donate widget for this app. Owners and admins see an Enable button while they are off and a
 * settings button once they exist (seed 001, donation settings on the store). Others see nothing
 * while donations are off, or when the store cannot say.
 */
export function AppDonation({ did, title }: { did: string; title: string }) {
  useScreenMessages(appDonationMessages);
  const { t } = useTranslation();
  const headingId = useId();
  const { data: session } = useSession();
  const manager = session?.user ? hasAnyRole(session.user, CONSOLE_ROLES) : false;
  const donation = useAppDonation(did);
  const changes = useDonationSettingsChanges(did, donation.data);
  const [configuring, setConfiguring] = useState(false);
  if (!donation.data) return null;
  const { setting, target, livemode, developerPercent, developerAccepts } = donation.data;
  if (!target && !manager) return null;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {t('appDonation.title')}
        </Typography>
        {manager && setting && (
          <IconButton aria-label={t('appDonation.configure')} onClick={() => setConfiguring(true)}>
            <SettingsIcon />
          </IconButton>
        )}
      </Stack>
      {target ? (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {t('appDonation.description', { percent: developerPercent, app: title })}
          </Typography>
          <Suspense fallback={<Skeleton variant="rounded" width={280} height={40} />}>
            <DonateWidget target={target} livemode={livemode} buttonText={setting?.settings.btnText} />
          </Suspense>
        </Stack>
      ) : setting?.active && !developerAccepts ? (
        // On for the store, but the app's developer has not turned them on: theirs to decide.
        <Alert severity="info">{t('appDonation.developerOff')}</Alert>
      ) : (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              loading={changes.enable.isPending}
              onClick={() => changes.enable.mutate()}
            >
              {t('appDonation.enable')}
            </Button>
          }
        >
          {t('appDonation.off')}
        </Alert>
      )}
      {changes.enable.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(changes.enable.error, t('appDonation.settings.failed'))}
        </Alert>
      )}
      {configuring && setting && (
        <Suspense fallback={null}>
          <DonationSettingsDialog
            setting={setting}
            onSubmit={changes.save.mutateAsync}
            onClose={() => setConfiguring(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
