import { useTranslation } from 'react-i18next';
import { CANCELLATION_FEEDBACK, type CancellationFeedback } from '@kiosk/core';
import { FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
import type { CancelRequest } from './use-subscriptions.ts';
import type { CancelTiming } from './subscription-view.ts';

/** The API's limit on the comment (cancelSubscriptionBody in contracts); the field stops there. */
export const CANCEL_COMMENT_MAX = 500;

interface CancelFormValues {
  feedback: CancellationFeedback | '';
  comment: string;
}

export interface CancelSubscriptionDialogProps {
  open: boolean;
  timing: CancelTiming;
  /** Formats a unix time in the page's language. */
  date: (unix: number) => string;
  /** Cancels; the server's refusal it throws is said inside the dialog, so the customer can try again. */
  onConfirm: (request: CancelRequest) => Promise<unknown>;
  onClose: () => void;
  /** After the dialog has gone: the page moves focus to what replaced the cancel button. */
  onExited?: () => void;
}

/**
 * Seed 000 §1 and §3: cancelling says when it takes effect (a paid period at its end, a trial at
 * once) and asks, without insisting, why — the eight feedback values and a comment, both optional;
 * the server checks them against the contract.
 */
export function CancelSubscriptionDialog({
  open,
  timing,
  date,
  onConfirm,
  onClose,
  onExited,
}: CancelSubscriptionDialogProps) {
  const { t } = useTranslation();
  const when =
    timing.when === 'periodEnd'
      ? t('portal.cancel.atPeriodEnd', { date: date(timing.at) })
      : t(timing.trial ? 'portal.cancel.trialNow' : 'portal.cancel.now');

  return (
    <FormDialog<CancelFormValues>
      open={open}
      title={t('portal.cancel.title')}
      description={when}
      fullScreenOnPhone
      defaultValues={{ feedback: '', comment: '' }}
      submitLabel={t('portal.cancel.confirm')}
      busyLabel={t('portal.cancel.pending')}
      cancelLabel={t('portal.cancel.keep')}
      tone="danger"
      errorTitle={t('billing.cancel.failed')}
      onSubmit={({ feedback, comment }) =>
        onConfirm({ feedback: feedback || undefined, comment: comment.trim() || undefined })
      }
      onClose={onClose}
      onExited={onExited}
    >
      {({ control, formState, watch }) => (
        <>
          <FormRadioGroup
            control={control}
            name="feedback"
            label={t('portal.cancel.feedback')}
            size="small"
            disabled={formState.isSubmitting}
            options={CANCELLATION_FEEDBACK.map((value) => ({ value, label: t(`billing.feedback.${value}`) }))}
          />
          <FormTextField
            control={control}
            name="comment"
            label={t('portal.cancel.comment')}
            hint={t('portal.cancel.commentLength', {
              length: watch('comment').length,
              max: CANCEL_COMMENT_MAX,
            })}
            disabled={formState.isSubmitting}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: CANCEL_COMMENT_MAX } }}
          />
        </>
      )}
    </FormDialog>
  );
}
