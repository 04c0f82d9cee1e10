import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { CreatedApiKey } from '@kiosk/contracts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { CopyButton } from '../CopyButton.tsx';

export interface ApiKeySecretProps {
  apiKey: CreatedApiKey;
}

/** The new key's secret, the one time it exists outside the server's hash (docs/identity.md §4). */
export function ApiKeySecret({ apiKey }: ApiKeySecretProps) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('apiKeys.secretWarning')}
      </Alert>
      <TextField
        label={t('apiKeys.secretLabel', { name: apiKey.name })}
        value={apiKey.secret}
        fullWidth
        // Selecting the whole secret on focus makes a manual copy one keystroke.
        onFocus={(event) => event.target.select()}
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: MONOSPACE_FONT },
            endAdornment: (
              <InputAdornment position="end">
                <CopyButton value={apiKey.secret} label={t('apiKeys.copySecret')} />
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
