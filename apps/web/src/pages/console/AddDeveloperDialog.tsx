import { useTranslation } from 'react-i18next';
import { ApiError } from '@kiosk/sdk';
import { FormDialog, FormTextField } from '@kiosk/react/ui';
import { USER_DID_PATTERN, useAddDeveloper } from './use-developers.ts';

interface AddDeveloperValues {
  did: string;
}

/** DIDs are lower-case on the wire; a pasted checksummed address is the same account. */
function normalDid(value: string): string {
  return value.trim().toLowerCase();
}

export interface AddDeveloperDialogProps {
  onClose: () => void;
}

/** Grants the developer passport to someone who has signed in once (the server knows no one else). */
export function AddDeveloperDialog({ onClose }: AddDeveloperDialogProps) {
  const { t } = useTranslation();
  const add = useAddDeveloper();
  const validate = (value: string) => {
    const did = normalDid(value);
    if (!did) return t('console.developers.didRequired');
    return USER_DID_PATTERN.test(did) || t('validation.did');
  };

  return (
    <FormDialog<AddDeveloperValues>
      title={t('console.developers.addTitle')}
      // Checked once the field is left or the form sent, then on every change: no error while first typing.
      mode="onTouched"
      defaultValues={{ did: '' }}
      submitLabel={t('console.developers.create')}
      onSubmit={({ did }) => add.mutateAsync(normalDid(did))}
      errorText={(error) =>
        error instanceof ApiError && error.code === 'USER_NOT_FOUND'
          ? t('console.developers.notSignedIn')
          : undefined
      }
      onClose={onClose}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="did"
          rules={{ validate }}
          label={t('console.developers.did')}
          hint={t('console.developers.didHint')}
          required
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' } }}
        />
      )}
    </FormDialog>
  );
}
