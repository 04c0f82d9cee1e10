import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@kiosk/contracts';
import { ConfirmDialog } from '@kiosk/react/ui';
import { useRevokeApiKey } from '../../hooks/use-api-keys.ts';

export interface RevokeApiKeyDialogProps {
  apiKey: ApiKey;
  onClose: () => void;
}

export function RevokeApiKeyDialog({ apiKey, onClose }: RevokeApiKeyDialogProps) {
  const { t } = useTranslation();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      title={t('apiKeys.revokeTitle')}
      message={t('apiKeys.revokeMessage', { name: apiKey.name })}
      confirmLabel={t('apiKeys.revoke')}
      tone="danger"
      onConfirm={() => revoke.mutateAsync(apiKey.id)}
      onClose={onClose}
    />
  );
}
