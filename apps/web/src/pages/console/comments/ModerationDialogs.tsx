import { useTranslation } from 'react-i18next';
import { ConfirmDialog, FormDialog, FormTextField } from '@kiosk/react/ui';
import { useModerateComment } from './use-reported-comments.ts';

/** The contract's limit of a hide reason (`commentModeration`). */
export const HIDE_REASON_MAX_LENGTH = 500;

export interface ModerationDialogProps {
  commentId: string;
  /** The comment's author and app as the row shows them, to name it in the dialog. */
  author: string;
  app: string;
  /** After the server answered: the list says what happened. */
  onDone: () => void;
  onClose: () => void;
}

/** Hiding asks the reason its author will read (required); the server's refusal is said in place. */
export function HideCommentDialog({ commentId, author, app, onDone, onClose }: ModerationDialogProps) {
  const { t } = useTranslation();
  const moderate = useModerateComment(commentId);
  return (
    <FormDialog<{ reason: string }>
      title={t('consoleComments.hideTitle')}
      description={t('consoleComments.hideDescription', { author, app })}
      defaultValues={{ reason: '' }}
      submitLabel={t('consoleComments.hide')}
      tone="warning"
      fullScreenOnPhone
      onSubmit={({ reason }) => moderate.mutateAsync({ hidden: true, reason: reason.trim() })}
      onSuccess={onDone}
      onClose={onClose}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="reason"
          rules={{
            validate: (value) =>
              value.trim() === ''
                ? t('consoleComments.hideReasonRequired')
                : value.trim().length > HIDE_REASON_MAX_LENGTH
                  ? t('consoleComments.hideReasonTooLong', { length: HIDE_REASON_MAX_LENGTH })
                  : true,
          }}
          label={t('consoleComments.hideReason')}
          hint={t('consoleComments.hideReasonHint', { length: HIDE_REASON_MAX_LENGTH })}
          required
          fullWidth
          multiline
          minRows={3}
        />
      )}
    </FormDialog>
  );
}

/** Showing a hidden comment again asks first. */
export function UnhideCommentDialog({ commentId, author, app, onDone, onClose }: ModerationDialogProps) {
  const { t } = useTranslation();
  const moderate = useModerateComment(commentId);
  return (
    <ConfirmDialog
      title={t('consoleComments.unhideTitle')}
      message={t('consoleComments.unhideMessage', { author, app })}
      confirmLabel={t('consoleComments.unhide')}
      onConfirm={() => moderate.mutateAsync({ hidden: false })}
      onConfirmed={onDone}
      onClose={onClose}
    />
  );
}
