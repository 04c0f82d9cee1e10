import { useTranslation } from 'react-i18next';
import { isTokenDeletionConfirmed } from '@kiosk/core';
import type { AccessToken } from '@kiosk/contracts';
import { ConfirmDialog } from '@kiosk/react/ui';
import { useDeleteAccessToken } from './use-access-tokens.ts';

export interface DeleteAccessTokenDialogProps {
  token: AccessToken;
  onClose: () => void;
}

/** Seed 001 §5: deleting a token asks for its name typed; the server checks it again. */
export function DeleteAccessTokenDialog({ token, onClose }: DeleteAccessTokenDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteAccessToken();
  return (
    <ConfirmDialog
      title={t('developer.tokens.deleteTitle')}
      message={t('developer.tokens.deleteMessage', { name: token.name })}
      confirmLabel={t('developer.tokens.delete')}
      tone="danger"
      typedConfirmation={{
        label: t('developer.tokens.deleteConfirmLabel'),
        expected: token.name,
        matches: isTokenDeletionConfirmed,
      }}
      onConfirm={(typed) => remove.mutateAsync({ id: token.id, name: typed.trim() })}
      onClose={onClose}
    />
  );
}
