import { useTranslation } from 'react-i18next';
import type { Subscription } from '@kiosk/contracts';
import { ConfirmDialog, FormDialog, FormRadioGroup, FormTextField } from '@kiosk/react/ui';
import { hasEnded } from '../../customer/subscription-view.ts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import type { CancelAt, MerchantAction } from './use-subscriptions.ts';

export interface MerchantActionDialogProps {
  kind: MerchantAction['kind'];
  subscription: Subscription;
  /** The moments a cancel may take effect (merchantActions). */
  cancelAt: readonly CancelAt[];
  onAct: (action: MerchantAction) => Promise<Subscription>;
  onDone: (action: MerchantAction) => void;
  onClose: () => void;
}

/**
 * Asks before the merchant pauses, resumes, cancels, keeps or slashes: what each does to the customer's billing. A
 * refusal (the subscription moved meanwhile) is said in the dialog, in the server's words.
 */
export function MerchantActionDialog({
  kind,
  subscription,
  cancelAt,
  onAct,
  onDone,
  onClose,
}: MerchantActionDialogProps) {
  const { t, i18n } = useTranslation();
  const periodEnd = formatUnixTime(subscription.current_period_end, i18n.language);

  if (kind === 'cancel')
    return (
      <FormDialog<{ at: CancelAt }, Subscription>
        title={t('dashboard.subscriptions.detail.cancel.title')}
        description={t('dashboard.subscriptions.detail.cancel.description')}
        size="xs"
        fullScreenOnPhone
        defaultValues={{ at: cancelAt[0] ?? 'now' }}
        submitLabel={t('dashboard.subscriptions.detail.cancel.submit')}
        busyLabel={t('dashboard.subscriptions.detail.busy')}
        tone="danger"
        errorTitle={t('dashboard.subscriptions.detail.refused')}
        onSubmit={({ at }) => onAct({ kind: 'cancel', at })}
        onSuccess={(canceled) =>
          onDone({
            kind: 'cancel',
            at: canceled.cancel_at_period_end && !hasEnded(canceled) ? 'current_period_end' : 'now',
          })
        }
        onClose={onClose}
      >
        {({ control }) => (
          <FormRadioGroup
            control={control}
            name="at"
            label={t('dashboard.subscriptions.detail.cancel.when')}
            options={cancelAt.map((at) => ({
              value: at,
              label:
                at === 'now'
                  ? t('dashboard.subscriptions.detail.cancel.now')
                  : t('dashboard.subscriptions.detail.cancel.periodEnd', { date: periodEnd }),
            }))}
          />
        )}
      </FormDialog>
    );

  if (kind === 'slash')
    return (
      <FormDialog<{ reason: string }, Subscription>
        title={t('dashboard.subscriptions.detail.slash.title')}
        description={t('dashboard.subscriptions.detail.slash.description')}
        size="xs"
        fullScreenOnPhone
        defaultValues={{ reason: '' }}
        submitLabel={t('dashboard.subscriptions.detail.slash.submit')}
        busyLabel={t('dashboard.subscriptions.detail.busy')}
        tone="danger"
        errorTitle={t('dashboard.subscriptions.detail.refused')}
        onSubmit={({ reason }) => onAct({ kind: 'slash', reason: reason.trim() })}
        onSuccess={() => onDone({ kind: 'slash', reason: '' })}
        onClose={onClose}
      >
        {({ control }) => (
          <FormTextField
            control={control}
            name="reason"
            label={t('dashboard.subscriptions.detail.slash.reason')}
            hint={t('dashboard.subscriptions.detail.slash.reasonHint')}
            rules={{ validate: (value: string) => value.trim().length > 0 || t('validation.required') }}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
      </FormDialog>
    );

  const action: MerchantAction = { kind };
  return (
    <ConfirmDialog
      title={t(`dashboard.subscriptions.detail.${kind}.title`)}
      message={t(`dashboard.subscriptions.detail.${kind}.message`, { date: periodEnd })}
      confirmLabel={t(`dashboard.subscriptions.detail.${kind}.submit`)}
      tone={kind === 'pause' ? 'warning' : 'primary'}
      onConfirm={() => onAct(action)}
      onConfirmed={() => onDone(action)}
      onClose={onClose}
    />
  );
}
