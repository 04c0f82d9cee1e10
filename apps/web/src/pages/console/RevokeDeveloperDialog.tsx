import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@kiosk/react/ui';
import { MONOSPACE_FONT } from '../../theme.ts';
import { useRevokeDeveloper } from './use-developers.ts';

export interface RevokeDeveloperDialogProps {
  /** The user's name, or their short DID. */
  name: string;
  did: string;
  passportId: string;
  onClose: () => void;
  onRevoked: () => void;
}

/** Revoking asks first, naming the person; the server's refusal stays in the dialog. */
export function RevokeDeveloperDialog({
  name,
  did,
  passportId,
  onClose,
  onRevoked,
}: RevokeDeveloperDialogProps) {
  const { t } = useTranslation();
  const revoke = useRevokeDeveloper();
  return (
    <ConfirmDialog
      title={t('console.developers.revokeTitle', { name })}
      message={t('console.developers.revokeMessage')}
      confirmLabel={t('console.developers.revoke')}
      tone="danger"
      onConfirm={() => revoke.mutateAsync(passportId)}
      onConfirmed={onRevoked}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
        <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
          {did}
        </Box>
      </Typography>
    </ConfirmDialog>
  );
}
