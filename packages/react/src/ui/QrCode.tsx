import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export interface QrCodeProps {
  /** What a wallet scans: a deep link, a BIP21 request. */
  value: string;
  /** What the image shows, for a screen reader. */
  alt: string;
  /** Pixels; the image is SVG, so it stays sharp at any size. */
  size?: number;
}

async function renderQrSvg(value: string): Promise<string> {
  // Loaded on demand so the QR encoder stays out of a host app's first bundle.
  const { default: qrcode } = await import('qrcode');
  // SVG needs no canvas, so it renders the same in every browser and in tests.
  return qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** `value` as a QR code; a skeleton until it is drawn. */
export function QrCode({ value, alt, size = 220 }: QrCodeProps) {
  const [rendered, setRendered] = useState<{ value: string; src: string }>();
  useEffect(() => {
    let current = true;
    renderQrSvg(value).then(
      (svg) => {
        if (current)
          setRendered({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      },
      // Without the image the link (or the address and the amount) beside it still serves.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [value]);
  const src = rendered?.value === value ? rendered.src : undefined;
  if (!src) return <Skeleton variant="rounded" width={size} height={size} sx={{ mx: 'auto' }} />;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
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
