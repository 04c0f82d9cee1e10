import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { CreatedAccessToken } from '@kiosk/contracts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { MONOSPACE_FONT } from '../../theme.ts';

/** The new token's secret, the one time it exists outside the server's hash (docs/identity.md §4). */
export function AccessTokenSecret({ token }: { token: CreatedAccessToken }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('developer.tokens.secretWarning')}
      </Alert>
      <TextField
        label={t('developer.tokens.secretLabel', { name: token.name })}
        value={token.secret}
        fullWidth
        // Selecting the whole secret on focus makes a manual copy one keystroke.
        onFocus={(event) => event.target.select()}
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: MONOSPACE_FONT },
            endAdornment: (
              <InputAdornment position="end">
                <CopyButton value={token.secret} label={t('developer.tokens.copySecret')} />
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
