import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';

const FEEDBACK_MS = 2_000;

export interface CopyValueButtonProps {
  value: string;
  /** What the button copies, as a screen reader names it ("Copy the address"). */
  label: string;
}

/** Copies `value`; the result is said in a live region, so a screen reader hears "Copied" too. */
export function CopyValueButton({ value, label }: CopyValueButtonProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = () => {
    // Clipboard access can be refused (an insecure origin, permissions): the buyer hears that too.
    const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };

  return (
    <>
      <IconButton onClick={copy} aria-label={label} size="small">
        {result === 'copied' ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
      <Box role="status" component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {result === 'copied'
          ? t('checkoutBitcoin.copied')
          : result === 'failed'
            ? t('checkoutBitcoin.copyFailed')
            : ''}
      </Box>
    </>
  );
}
