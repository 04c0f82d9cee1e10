import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import DownloadIcon from '@mui/icons-material/Download';
import KeyIcon from '@mui/icons-material/Key';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { genKeyPairMessages } from '@kiosk/core/i18n/gen-key-pair';
import { useScreenMessages, visuallyHidden } from '@kiosk/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, CopyButton } from '@kiosk/react/ui';
import { TaskPage } from '../../components/TaskPage.tsx';
import { MONOSPACE_FONT } from '../../theme.ts';
import {
  APP_KEY_FILE,
  appKeyFileContent,
  generateAppKeyPair,
  kioskJsonDidLine,
  type AppKeyPair,
} from './app-key.ts';

const MASK = '•'.repeat(24);

/** The key pair shown, with the Blob URL its download link serves (revoked when the pair goes). */
interface Generated extends AppKeyPair {
  fileUrl: string;
}

function generate(): Generated {
  const pair = generateAppKeyPair();
  const file = new Blob([appKeyFileContent(pair.privateKey)], { type: 'text/plain' });
  return { ...pair, fileUrl: URL.createObjectURL(file) };
}

/** One labelled value in the result list, with its actions beside it (they wrap under it on a phone). */
function Entry({ label, value, actions }: { label: string; value: ReactNode; actions: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
      <Typography component="dt" variant="subtitle2" sx={{ flexBasis: '100%' }}>
        {label}
      </Typography>
      <Box
        component="dd"
        sx={{
          m: 0,
          flex: '1 1 16rem',
          minWidth: 0,
          fontFamily: MONOSPACE_FONT,
          fontSize: '0.875rem',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1.5,
          py: 1,
        }}
      >
        {value}
      </Box>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {actions}
      </Stack>
    </Box>
  );
}

function KeyPairResult({ pair, onAnother }: { pair: Generated; onAnother: () => void }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const keyId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const didLine = kioskJsonDidLine(pair.did);

  // A new pair replaces the button that made it: take the keyboard and the screen reader to it.
  useEffect(() => headingRef.current?.focus(), [pair.did]);

  return (
    <Stack spacing={2.5}>
      <Typography ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ outline: 'none' }}>
        {t('genKeyPair.resultTitle')}
      </Typography>
      <Alert severity="warning">{t('genKeyPair.saveWarning')}</Alert>
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        <Entry
          label={t('genKeyPair.did')}
          value={pair.did}
          actions={<CopyButton value={pair.did} label={t('genKeyPair.copyDid')} />}
        />
        <Entry
          label={t('genKeyPair.privateKey')}
          value={
            // Hidden, the key is not in the page at all: only dots, nothing to read over a shoulder.
            <span id={keyId}>
              {revealed ? (
                pair.privateKey
              ) : (
                <>
                  <span aria-hidden>{MASK}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {t('genKeyPair.privateKeyHidden')}
                  </Box>
                </>
              )}
            </span>
          }
          actions={
            <>
              <Button
                size="small"
                aria-controls={keyId}
                aria-label={revealed ? t('genKeyPair.hideKey') : t('genKeyPair.showKey')}
                startIcon={revealed ? <VisibilityOffIcon /> : <VisibilityIcon />}
                onClick={() => setRevealed((shown) => !shown)}
              >
                {revealed ? t('genKeyPair.hide') : t('genKeyPair.show')}
              </Button>
              <CopyButton value={pair.privateKey} label={t('genKeyPair.copyKey')} />
            </>
          }
        />
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          component="a"
          href={pair.fileUrl}
          download={APP_KEY_FILE}
          variant="contained"
          startIcon={<DownloadIcon />}
        >
          {t('genKeyPair.download')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('genKeyPair.downloadHint', { file: APP_KEY_FILE })}
        </Typography>
      </Stack>
      <Stack component="dl" sx={{ m: 0 }}>
        <Entry
          label={t('genKeyPair.kioskJsonHint')}
          value={didLine}
          actions={<CopyButton value={didLine} label={t('genKeyPair.copyKioskJson')} />}
        />
      </Stack>
      <Box>
        <Button variant="outlined" onClick={onAnother}>
          {t('genKeyPair.again')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * `/gen-key-pair` (issue 12 item 1): an app's key pair made in the browser, the same key file and DID
 * `kiosk keygen` gives. Nothing is sent anywhere and nothing is stored: the page forgets the key when
 * it is left, which is why replacing a shown key asks first.
 */
export function GenKeyPairPage() {
  useScreenMessages(genKeyPairMessages);
  const { t } = useTranslation();
  const [pair, setPair] = useState<Generated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The download link's Blob URL lives as long as its pair is shown.
  useEffect(() => (pair ? () => URL.revokeObjectURL(pair.fileUrl) : undefined), [pair]);

  const makePair = () => {
    try {
      setPair(generate());
      setFailure(null);
    } catch (error) {
      // No secure random source (a very old browser): say so rather than show a weak key.
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <TaskPage
        icon={KeyIcon}
        title={t('page.screen.genKeyPair')}
        description={t('genKeyPair.description')}
        notes={[t('genKeyPair.madeHere'), t('genKeyPair.holderPublishes')]}
      >
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('genKeyPair.failed', { error: failure })}
          </Alert>
        )}
        {pair ? (
          <KeyPairResult key={pair.did} pair={pair} onAnother={() => setConfirming(true)} />
        ) : (
          <Button variant="contained" size="large" startIcon={<KeyIcon />} onClick={makePair}>
            {t('genKeyPair.generate')}
          </Button>
        )}
      </TaskPage>
      {confirming && (
        // The pair shown is lost unless saved: a new one is made only once asked for twice.
        <ConfirmDialog
          title={t('genKeyPair.againTitle')}
          message={t('genKeyPair.againMessage')}
          confirmLabel={t('genKeyPair.againConfirm')}
          cancelLabel={t('genKeyPair.cancel')}
          tone="warning"
          onConfirm={makePair}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
