import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export interface BitcoinQrCodeProps {
  /** The BIP21 URI a wallet scans. */
  uri: string;
  /** What the image shows, for a screen reader. */
  alt: string;
  size: number;
}

async function renderQrSvg(value: string): Promise<string> {
  // Loaded with the step only, as the wallet-connect QR code loads it.
  const { default: qrcode } = await import('qrcode');
  return qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

/** The payment request as a QR code (SVG, sharp at any size); a skeleton until it is drawn. */
export function BitcoinQrCode({ uri, alt, size }: BitcoinQrCodeProps) {
  const [rendered, setRendered] = useState<{ uri: string; src: string }>();
  useEffect(() => {
    let current = true;
    renderQrSvg(uri).then(
      (svg) => {
        if (current) setRendered({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      },
      // Without the image the address, the amount and the wallet link still pay.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [uri]);
  const src = rendered?.uri === uri ? rendered.src : undefined;
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
