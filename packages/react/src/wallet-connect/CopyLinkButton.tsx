import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';

const COPIED_FEEDBACK_MS = 2_000;

export interface CopyLinkButtonProps {
  link: string;
}

/** Copies the deep link, for a wallet on a device that cannot scan this screen. */
export function CopyLinkButton({ link }: CopyLinkButtonProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = () => {
    // Clipboard access can be refused (insecure origin, permissions); the visitor must hear that too.
    const write = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };

  return (
    <Button
      variant="outlined"
      color="inherit"
      onClick={copy}
      startIcon={result === 'copied' ? <CheckIcon /> : <ContentCopyIcon />}
      aria-live="polite"
    >
      {result === 'copied'
        ? t('connect.linkCopied')
        : result === 'failed'
          ? t('connect.copyFailed')
          : t('connect.copyLink')}
    </Button>
  );
}
