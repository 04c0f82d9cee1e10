import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export interface ConnectQrCodeProps {
  value: string;
  /** Pixels; the image is SVG, so it stays sharp at any size. */
  size?: number;
}

async function renderQrSvg(value: string): Promise<string> {
  // Loaded on demand so the QR encoder stays out of a host app's first bundle.
  const { default: qrcode } = await import('qrcode');
  // SVG needs no canvas, so it renders the same in every browser and in tests.
  return qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

export function ConnectQrCode({ value, size = 220 }: ConnectQrCodeProps) {
  const { t } = useTranslation();
  const [rendered, setRendered] = useState<{ value: string; src: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    renderQrSvg(value).then(
      (svg) => {
        if (!cancelled)
          setRendered({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      },
      () => {
        // Without the image the deep link and the copy button still connect a wallet.
        if (!cancelled) setRendered(null);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [value]);

  const src = rendered?.value === value ? rendered.src : undefined;
  if (!src) return <Skeleton variant="rounded" width={size} height={size} sx={{ mx: 'auto' }} />;
  return (
    <Box
      component="img"
      src={src}
      alt={t('connect.qrAlt')}
      width={size}
      height={size}
      sx={{
        display: 'block',
        mx: 'auto',
        bgcolor: '#fff',
        borderRadius: 1,
        p: 1,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}
