import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestClockObject } from '@kiosk/contracts';
import { FormDialog, FormTextField } from '@kiosk/react/ui';
import { formatUnixTime } from '../../../../lib/format-unix-time.ts';
import { fromLocalInput, oneMonthLater, toLocalInput } from './clock-time.ts';
import type { NewTestClock } from './use-test-clocks.ts';

interface ClockValues {
  name: string;
  /** The `datetime-local` field's value; named as the API's field, so its refusals land on it. */
  frozen_time: string;
}

export interface TestClockDialogProps {
  /** The clock to advance; without it the dialog makes a new one. */
  clock?: TestClockObject;
  /** Sends the new clock, or the advance (only `frozen_time` is new then). */
  onSave: (change: NewTestClock) => Promise<unknown>;
  onClose: () => void;
}

/** The same as the contract's `testClockInput`, checked before sending. */
const NAME_MAX = 300;

/**
 * Make a test clock (a name and its time) or advance one (its new time, later than its own): the
 * time is the visitor's local one in the field, unix seconds on the wire. What the server refuses
 * (a clock already advancing, a time it will not take) is said in the dialog.
 */
export function TestClockDialog({ clock, onSave, onClose }: TestClockDialogProps) {
  const { t, i18n } = useTranslation();
  // Read once: the default must not move while the dialog is open.
  const [initialTime] = useState(() =>
    toLocalInput(clock ? oneMonthLater(clock.frozen_time) : Date.now() / 1000),
  );
  const clockName = clock ? (clock.name ?? clock.id) : '';
  const clockTime = clock ? formatUnixTime(clock.frozen_time, i18n.language) : '';

  const checkTime = (value: string) => {
    const seconds = fromLocalInput(value);
    if (seconds === null) return t('testClocks.form.timeRequired');
    if (clock && seconds <= clock.frozen_time) return t('testClocks.form.notLater', { time: clockTime });
    return true;
  };

  return (
    <FormDialog<ClockValues>
      title={clock ? t('testClocks.form.advanceTitle', { name: clockName }) : t('testClocks.form.newTitle')}
      description={
        clock
          ? t('testClocks.form.advanceDescription', { time: clockTime })
          : t('testClocks.form.newDescription')
      }
      fullScreenOnPhone
      defaultValues={{ name: '', frozen_time: initialTime }}
      submitLabel={t(clock ? 'testClocks.form.advanceSubmit' : 'testClocks.form.create')}
      errorTitle={t(clock ? 'testClocks.form.advanceFailed' : 'testClocks.form.createFailed')}
      onSubmit={({ name, frozen_time }) =>
        onSave({
          name: clock ? clock.name : name.trim() || null,
          // checkTime has let through only a value that reads.
          frozen_time: fromLocalInput(frozen_time)!,
        })
      }
      onClose={onClose}
    >
      {({ control }) => (
        <>
          {!clock && (
            <FormTextField
              control={control}
              name="name"
              label={t('testClocks.form.name')}
              hint={t('testClocks.form.nameHint')}
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            />
          )}
          <FormTextField
            control={control}
            name="frozen_time"
            type="datetime-local"
            label={t(clock ? 'testClocks.form.newTime' : 'testClocks.form.time')}
            hint={t('testClocks.form.timeHint')}
            rules={{ validate: checkTime }}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
    </FormDialog>
  );
}
