import { useId } from 'react';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { MONOSPACE_FONT } from '../theme.ts';
import { CopyButton } from '@kiosk/react/ui';

export interface SecretShownOnceProps {
  secret: string;
  /** Names the secret, e.g. "Secret of Shop back end". */
  label: string;
  /** Says it is shown only now; the field is described by it. */
  warning: string;
  copyLabel: string;
}

/**
 * A new key's or token's secret, the one time it exists outside the server's hash (docs/identity.md
 * §4): read-only, selected whole when focused so a manual copy is one keystroke, with a copy button.
 */
export function SecretShownOnce({ secret, label, warning, copyLabel }: SecretShownOnceProps) {
  const warningId = useId();
  return (
    <>
      <Alert id={warningId} severity="warning" sx={{ mb: 2 }}>
        {warning}
      </Alert>
      <TextField
        label={label}
        value={secret}
        fullWidth
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { 'aria-describedby': warningId },
          input: {
            readOnly: true,
            sx: { fontFamily: MONOSPACE_FONT },
            endAdornment: (
              <InputAdornment position="end">
                <CopyButton value={secret} label={copyLabel} />
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
