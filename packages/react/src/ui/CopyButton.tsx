import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';

const COPIED_SHOWN_MS = 2_000;

export interface CopyButtonProps {
  value: string;
  /** Names what is copied ("Copy DID"): the icon's accessible name, or the text button's words. */
  label: string;
  /** `icon` beside the value it copies (the default); `text` where no value is shown (a link). */
  variant?: 'icon' | 'text';
  /** Said once copied; `common.copied` unless the caller says it better ("Link copied"). */
  copiedText?: string;
  /** Said when the clipboard is refused; `common.copyFailed` unless the caller can advise more. */
  failedText?: string;
}

/**
 * Copies `value` and says what happened in a live region, so a screen reader hears "Copied" too.
 * Clipboard access can be refused (an insecure origin, permissions): then it says so, and the words
 * stay until the next try, rather than pretending it copied.
 */
export function CopyButton({ value, label, variant = 'icon', copiedText, failedText }: CopyButtonProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = () => {
    const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    write.then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  };

  const copied = result === 'copied';
  const said = copied
    ? (copiedText ?? t('common.copied'))
    : result === 'failed'
      ? (failedText ?? t('common.copyFailed'))
      : '';
  const icon = copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />;

  // A text button says what happened in its own words (a live button: no second status line beside
  // the panel's own); an icon has a caption beside it.
  if (variant === 'text')
    return (
      <Button
        variant="outlined"
        color={copied ? 'success' : 'inherit'}
        onClick={copy}
        startIcon={icon}
        aria-live="polite"
      >
        {said || label}
      </Button>
    );
  return (
    <>
      <IconButton
        onClick={copy}
        aria-label={label}
        title={label}
        size="small"
        color={copied ? 'success' : 'default'}
      >
        {icon}
      </IconButton>
      <Box role="status" component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {said}
      </Box>
    </>
  );
}
