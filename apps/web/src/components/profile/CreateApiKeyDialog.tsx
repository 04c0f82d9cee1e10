import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@kiosk/contracts';
import { FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
import { useCreateApiKey } from '../../hooks/use-api-keys.ts';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { SecretShownOnce } from '../SecretShownOnce.tsx';

const NAME_MAX_LENGTH = 100;

interface ApiKeyFormValues {
  name: string;
  mode: 'test' | 'live';
}

export interface CreateApiKeyDialogProps {
  /** Also drops the secret: the parent unmounts this dialog on close, so the secret is gone from memory. */
  onClose: () => void;
}

export function CreateApiKeyDialog({ onClose }: CreateApiKeyDialogProps) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  // The mode the visitor is looking at is the likeliest one they want a key for.
  const livemode = useLivemode();

  return (
    <FormDialog<ApiKeyFormValues, CreatedApiKey>
      title={t('apiKeys.createTitle')}
      defaultValues={{ name: '', mode: livemode ? 'live' : 'test' }}
      submitLabel={t('apiKeys.create')}
      onSubmit={({ name, mode }) => create.mutateAsync({ name: name.trim(), livemode: mode === 'live' })}
      result={{
        title: t('apiKeys.createdTitle'),
        doneLabel: t('apiKeys.done'),
        render: (created) => (
          <SecretShownOnce
            secret={created.secret}
            label={t('apiKeys.secretLabel', { name: created.name })}
            warning={t('apiKeys.secretWarning')}
            copyLabel={t('apiKeys.copySecret')}
          />
        ),
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="name"
            rules={{ validate: (name) => name.trim() !== '' || t('validation.required') }}
            label={t('apiKeys.name')}
            hint={t('apiKeys.nameHint')}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
          <FormRadioGroup
            control={control}
            name="mode"
            label={t('apiKeys.mode')}
            row
            options={[
              { value: 'test', label: t('apiKeys.test') },
              { value: 'live', label: t('apiKeys.live') },
            ]}
          />
        </>
      )}
    </FormDialog>
  );
}
