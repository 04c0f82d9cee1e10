import { useTranslation } from 'react-i18next';
import { FormDialog, FormTextField } from '@kiosk/react/ui';
import { useBlockApp } from './use-console-reviews.ts';

/** The contract's limit on a block reason. */
const BLOCK_REASON_MAX_LENGTH = 500;

export interface BlockAppDialogProps {
  did: string;
  title: string;
  onClose: () => void;
}

/** Seed 001 §6: an admin blocks an app with a reason its developer sees; the reason is required. */
export function BlockAppDialog({ did, title, onClose }: BlockAppDialogProps) {
  const { t } = useTranslation();
  const block = useBlockApp(did);
  return (
    <FormDialog<{ reason: string }>
      title={t('console.block.title', { title })}
      description={t('console.block.explain')}
      size="xs"
      defaultValues={{ reason: '' }}
      submitLabel={t('console.block.confirm')}
      tone="danger"
      onSubmit={({ reason }) => block.mutateAsync(reason.trim())}
      onClose={onClose}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="reason"
          rules={{ validate: (reason) => reason.trim() !== '' || t('store.blockReason.required') }}
          label={t('console.block.reason')}
          // A line kept for the error, so the field does not jump when it appears.
          hint=" "
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: BLOCK_REASON_MAX_LENGTH } }}
        />
      )}
    </FormDialog>
  );
}
