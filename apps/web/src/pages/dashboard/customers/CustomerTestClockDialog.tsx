import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormDialog, FormSelectField } from '@kiosk/react/ui';
import { clockLabel, useTestClockChoices } from './use-customer-test-clock.ts';

export const TEST_CLOCKS_PAGE = '/dashboard/developers/test-clocks';

interface ClockValues {
  /** The clock's id, or '' for none; named as the API's field, so a refusal about it lands on it. */
  test_clock: string;
}

export interface CustomerTestClockDialogProps {
  /** Who is moved, as the page names them. */
  customerName: string;
  /** The clock the customer is on now, or null. */
  current: string | null;
  /** Sends the choice: a clock's id, or null to take the customer off. */
  onSave: (testClock: string | null) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Put a test customer on one of test mode's clocks, or take it off. The server refuses while one of
 * the customer's subscriptions is being billed (its periods run on the other time); FormDialog says
 * its reason in place and the dialog stays open.
 */
export function CustomerTestClockDialog({
  customerName,
  current,
  onSave,
  onClose,
}: CustomerTestClockDialogProps) {
  const { t } = useTranslation();
  const clocks = useTestClockChoices();
  const list = clocks.data?.list ?? [];
  const options = list.map((clock) => ({ value: clock.id, label: clockLabel(clock) }));
  // A clock past the first page (or not read yet) is still offered, so the select shows where the
  // customer is rather than silently falling back to another choice.
  if (current && !list.some((clock) => clock.id === current))
    options.unshift({ value: current, label: current });

  return (
    <FormDialog<ClockValues>
      title={t('dashboard.customers.testClockTitle', { name: customerName })}
      description={t('dashboard.customers.testClockDescription')}
      size="xs"
      fullScreenOnPhone
      defaultValues={{ test_clock: current ?? '' }}
      submitLabel={t('dashboard.customers.testClockSave')}
      errorTitle={t('dashboard.customers.testClockFailed')}
      onSubmit={({ test_clock }) => onSave(test_clock || null)}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormSelectField
            control={control}
            name="test_clock"
            label={t('dashboard.customers.testClockField')}
            options={options}
            none={t('dashboard.customers.testClockNoClock')}
            disabled={clocks.isPending}
            fullWidth
          />
          {clocks.isError && (
            <Typography variant="body2" color="error">
              {t('dashboard.customers.testClockLoadFailed')}
            </Typography>
          )}
          {clocks.isSuccess && list.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.customers.testClockEmpty')}{' '}
              <Link component={RouterLink} to={TEST_CLOCKS_PAGE}>
                {t('dashboard.customers.testClockMake')}
              </Link>
            </Typography>
          )}
        </>
      )}
    </FormDialog>
  );
}
