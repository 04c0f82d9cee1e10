import { useTranslation } from 'react-i18next';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CopyButton, QrCode } from '@kiosk/react/ui';
import { MONOSPACE_FONT } from '../../../theme.ts';

/**
 * A payment link to hand out: its address (copy it, or open it in a new tab to see what buyers see)
 * and its QR code for a phone or a printed page.
 */
export function LinkShare({ url, qrSize = 180 }: { url: string; qrSize?: number }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
      <QrCode value={url} alt={t('catalog.link.qr')} size={qrSize} />
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Typography
          component="a"
          href={url}
          target="_blank"
          rel="noopener"
          sx={{ fontFamily: MONOSPACE_FONT, wordBreak: 'break-all', color: 'primary.main' }}
        >
          {url}
        </Typography>
        <Stack direction="row" spacing={1}>
          <CopyButton
            value={url}
            label={t('catalog.links.copy')}
            variant="text"
            copiedText={t('catalog.links.copied')}
          />
          <Button size="small" startIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener">
            {t('catalog.link.open')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
