import { useTranslation } from 'react-i18next';
import { ConfirmDialog, FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
import {
  useDeleteComment,
  useEditComment,
  useReportComment,
  type CommentThread,
  type ReportReason,
} from './use-app-feedback.ts';

type Comment = Pick<CommentThread, 'id' | 'body' | 'app_did'>;

/** The contract's limit on a comment (COMMENT_MAX_LENGTH; its values stay out of the page's bundle). */
export const COMMENT_MAX_LENGTH = 5_000;
/** Each reason a report gives, with its label: a `Record`, so a reason added to the contract fails here. */
const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'appFeedback.report.spam',
  abuse: 'appFeedback.report.abuse',
  offTopic: 'appFeedback.report.offTopic',
  other: 'appFeedback.report.other',
};

interface DialogProps {
  comment: Comment;
  onClose: () => void;
}

/** The author rewrites their comment (the server marks it edited). */
export function EditCommentDialog({ comment, onClose }: DialogProps) {
  const { t } = useTranslation();
  const edit = useEditComment(comment.app_did);
  return (
    <FormDialog<{ body: string }>
      title={t('appFeedback.edit.title')}
      defaultValues={{ body: comment.body }}
      submitLabel={t('appFeedback.edit.save')}
      fullScreenOnPhone
      onSubmit={({ body }) => edit.mutateAsync({ id: comment.id, body: body.trim() })}
      onClose={onClose}
    >
      {({ control }) => (
        <FormTextField
          control={control}
          name="body"
          rules={{ validate: (body) => body.trim() !== '' || t('validation.commentBody') }}
          label={t('appFeedback.edit.body')}
          hint={t('appFeedback.comments.writeHint')}
          required
          fullWidth
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        />
      )}
    </FormDialog>
  );
}

/** The author deletes their comment, with its replies: asked first, as it cannot be undone. */
export function DeleteCommentDialog({ comment, onClose }: DialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteComment(comment.app_did);
  return (
    <ConfirmDialog
      title={t('appFeedback.delete.title')}
      message={t('appFeedback.delete.message')}
      confirmLabel={t('appFeedback.delete.confirm')}
      tone="danger"
      onConfirm={() => remove.mutateAsync(comment.id)}
      onClose={onClose}
    />
  );
}

/** Anybody signed in reports somebody else's comment to the admins, once. */
export function ReportCommentDialog({
  comment,
  onClose,
  onReported,
}: DialogProps & { onReported: () => void }) {
  const { t } = useTranslation();
  const report = useReportComment(comment.app_did);
  return (
    <FormDialog<{ reason: ReportReason; note: string }>
      title={t('appFeedback.report.title')}
      description={t('appFeedback.report.description')}
      defaultValues={{ reason: 'spam', note: '' }}
      submitLabel={t('appFeedback.report.send')}
      tone="warning"
      fullScreenOnPhone
      onSubmit={(values) => report.mutateAsync({ id: comment.id, ...values })}
      onSuccess={() => {
        onReported();
        onClose();
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormRadioGroup
            control={control}
            name="reason"
            label={t('appFeedback.report.reason')}
            options={(Object.keys(REASON_LABELS) as ReportReason[]).map((reason) => ({
              value: reason,
              label: t(REASON_LABELS[reason]),
            }))}
          />
          <FormTextField
            control={control}
            name="note"
            label={t('appFeedback.report.note')}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </>
      )}
    </FormDialog>
  );
}
