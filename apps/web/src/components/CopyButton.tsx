import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { visuallyHidden } from '@kiosk/react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

const FEEDBACK_MS = 2_000;

export interface CopyButtonProps {
  value: string;
  /** Names what is copied, e.g. "Copy DID". */
  label: string;
}

export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = () => {
    // Clipboard access can be refused (insecure origin, permissions); say so rather than pretend.
    const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };

  const feedback =
    result === 'copied' ? t('common.copied') : result === 'failed' ? t('common.copyFailed') : '';
  return (
    <>
      <Tooltip title={feedback || label}>
        <IconButton
          aria-label={label}
          onClick={copy}
          size="small"
          color={result === 'copied' ? 'success' : 'default'}
        >
          {result === 'copied' ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Box component="span" role="status" sx={visuallyHidden}>
        {feedback}
      </Box>
    </>
  );
}
