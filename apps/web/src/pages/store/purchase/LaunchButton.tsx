import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { paidAppsMessages } from '@kiosk/core/i18n/paid-apps';
import { useScreenMessages } from '@kiosk/react';
import { errorMessage } from '@kiosk/react/ui';
import { useSession } from '../../../hooks/use-session.ts';
import { useSignInRequest } from '../../../hooks/use-sign-in-request.tsx';
import { kioskClient } from '../../../lib/api.ts';

/**
 * Opens the app's web page from the apps origin in a new tab (issue 24 item 4). The tab opens on
 * the click, so no popup blocker stops it, and forgets this page (no opener) before the app loads.
 */
export function LaunchButton({ did, title }: { did: string; title: string }) {
  useScreenMessages(paidAppsMessages);
  const { t } = useTranslation();
  const session = useSession();
  const [signIn, signInDialog] = useSignInRequest();
  const launch = useMutation({
    mutationFn: () => kioskClient.call('POST /api/apps/:did/launch', { params: { did } }),
  });

  const open = async () => {
    if (!session.data?.user && !(await signIn())) return;
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const { url } = await launch.mutateAsync();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch {
      tab?.close();
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={<OpenInNewIcon />}
        onClick={() => void open()}
        disabled={launch.isPending}
        aria-label={t('paidApps.launchNamed', { title })}
      >
        {launch.isPending ? t('paidApps.launching') : t('paidApps.launch')}
      </Button>
      {launch.isError && (
        <Alert severity="error">{errorMessage(launch.error, t('paidApps.launchFailed'))}</Alert>
      )}
      {signInDialog}
    </>
  );
}
