import { useId, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { uiDialogsMessages } from '@kiosk/core/i18n/ui-dialogs';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { TONE_COLOR, type DialogTone } from './ConfirmDialog.tsx';
import { DialogError } from './DialogError.tsx';
import { DialogFocus, firstControl } from './dialog-focus.ts';
import { DialogFrame, type DialogFrameProps } from './DialogFrame.tsx';
import { serverProblems } from './server-error.ts';

/** A second step that shows what the submit answered, e.g. a secret that exists only this once. */
export interface FormDialogResult<Result> {
  title: ReactNode;
  render: (result: Result) => ReactNode;
  doneLabel?: string;
}

export interface FormDialogProps<Values extends FieldValues, Result> {
  /** Open unless false: a caller that lets the dialog fade out keeps it mounted until `onExited`. */
  open?: boolean;
  title: ReactNode;
  /** Said above the fields; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  defaultValues: DefaultValues<Values>;
  /** When a field is first checked: on submit (then on each change), or once it is left. */
  mode?: 'onSubmit' | 'onTouched';
  /** The fields, given the form (FormTextField, FormRadioGroup, or a Controller of the caller's). */
  children: (form: UseFormReturn<Values>) => ReactNode;
  submitLabel: string;
  /** The submit button's words while the request is on its way; by default it only shows it is busy. */
  busyLabel?: string;
  cancelLabel?: string;
  tone?: DialogTone;
  /**
   * Sends the valid values. The dialog stays open and busy until it settles; what it throws is said
   * in place: a 4xx ApiError's `details` on their fields (`fieldOfPath`), the rest in an alert.
   */
  onSubmit: (values: Values) => Result | Promise<Result>;
  /** After a successful submit, without a `result` step; by default the dialog closes (onClose). */
  onSuccess?: (result: Result) => void;
  /** Shows the answer in the same dialog instead of closing it; Done closes it. */
  result?: FormDialogResult<Result>;
  /** Above the server's reason in the alert, e.g. "Failed to cancel the subscription". */
  errorTitle?: ReactNode;
  /** The alert's text for a failure the caller says better than the server (undefined: the server's). */
  errorText?: (error: unknown) => string | undefined;
  /** The field an error detail's path is about; by default `body.<field>` for the form's own fields. */
  fieldOfPath?: (path: string) => FieldPath<Values> | undefined;
  size?: DialogFrameProps['size'];
  fullScreenOnPhone?: boolean;
  /** Also drops a result: the caller unmounts the dialog, so a secret it showed is gone from memory. */
  onClose: () => void;
  onExited?: () => void;
}

/**
 * A form in a dialog (react-hook-form): fields checked by their rules, Enter or the submit button
 * sends it, busy until the server answers, its refusal said in place, and focus on the first field,
 * then on the first invalid one.
 */
export function FormDialog<Values extends FieldValues, Result = unknown>({
  open = true,
  title,
  description,
  defaultValues,
  mode = 'onSubmit',
  children,
  submitLabel,
  busyLabel,
  cancelLabel,
  tone = 'primary',
  onSubmit,
  onSuccess,
  result,
  errorTitle,
  errorText,
  fieldOfPath,
  size = 'sm',
  fullScreenOnPhone = false,
  onClose,
  onExited,
}: FormDialogProps<Values, Result>) {
  useScreenMessages(uiDialogsMessages);
  const { t } = useTranslation();
  const descriptionId = useId();
  const form = useForm<Values>({ defaultValues, mode });
  const { alert, setAlert, answer, submit } = useSubmitAnswer(form, t, {
    onSubmit,
    onSuccess,
    result,
    errorText,
    fieldOfPath,
    onClose,
  });
  const fieldsRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const busy = form.formState.isSubmitting;
  const shown = answer && result ? { ...result, answer: answer.result } : null;

  // Focus starts on the first field; after a refusal without a field it goes back to the submit
  // button, which was disabled while busy; on the result step, to what it shows (a secret's field,
  // selected for copying), so that a second Enter does not close it unseen.
  const focusTarget = () => {
    if (shown) return firstControl(answerRef.current) ?? doneRef.current;
    if (form.formState.submitCount > 0) return submitRef.current;
    return firstControl(fieldsRef.current);
  };

  return (
    <DialogFrame
      open={open}
      title={shown ? shown.title : title}
      descriptionId={description && !shown ? descriptionId : undefined}
      onClose={onClose}
      busy={busy}
      keepOnBackdropClick={Boolean(shown)}
      size={size}
      fullScreenOnPhone={fullScreenOnPhone}
      onExited={onExited}
      onSubmit={
        shown
          ? undefined
          : (event) => {
              // Enter again while busy does not send it twice.
              if (busy) event.preventDefault();
              else void submit(event);
            }
      }
    >
      {shown ? (
        <>
          <DialogContent>
            <Box ref={answerRef}>{shown.render(shown.answer)}</Box>
          </DialogContent>
          <DialogActions>
            <Button ref={doneRef} variant="contained" onClick={onClose}>
              {shown.doneLabel ?? t('uiDialogs.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          {/* The server's answer was about the values sent: it goes once they change. */}
          <DialogContent onInput={() => setAlert(null)}>
            {description && (
              <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
                {description}
              </DialogContentText>
            )}
            <Stack ref={fieldsRef} spacing={3} sx={{ pt: 1 }}>
              {children(form)}
              {alert && <DialogError title={errorTitle}>{alert}</DialogError>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} color="inherit" disabled={busy}>
              {cancelLabel ?? t('uiDialogs.cancel')}
            </Button>
            <Button
              ref={submitRef}
              type="submit"
              variant="contained"
              color={TONE_COLOR[tone]}
              loading={busy}
              loadingPosition={busyLabel ? 'start' : undefined}
            >
              {busy && busyLabel ? busyLabel : submitLabel}
            </Button>
          </DialogActions>
        </>
      )}
      <DialogFocus target={focusTarget} step={shown ? 'result' : busy} />
    </DialogFrame>
  );
}

type SubmitOptions<Values extends FieldValues, Result> = Pick<
  FormDialogProps<Values, Result>,
  'onSubmit' | 'onSuccess' | 'result' | 'errorText' | 'fieldOfPath' | 'onClose'
>;

/**
 * Sending the form: `submit` clears the alert, sends the values and keeps the answer for the result
 * step (or hands it to onSuccess, else closes); a refusal goes on its fields (focus on the first) and
 * the rest in `alert`.
 */
function useSubmitAnswer<Values extends FieldValues, Result>(
  form: UseFormReturn<Values>,
  t: TFunction,
  { onSubmit, onSuccess, result, errorText, fieldOfPath, onClose }: SubmitOptions<Values, Result>,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ result: Result } | null>(null);

  const fieldOf = (path: string): FieldPath<Values> | undefined => {
    const named = fieldOfPath?.(path);
    if (named) return named;
    const name = path.replace(/^body\./, '');
    return Object.hasOwn(form.getValues(), name) ? (name as FieldPath<Values>) : undefined;
  };

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    let sent: Result;
    try {
      sent = await onSubmit(values);
    } catch (error) {
      const problems = serverProblems(error, fieldOf, t('uiDialogs.failed'));
      problems.fields.forEach(({ name, message }, index) =>
        form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      setAlert(errorText?.(error) ?? problems.alert);
      return;
    }
    if (result) setAnswer({ result: sent });
    else (onSuccess ?? onClose)(sent);
  });

  return { alert, setAlert, answer, submit };
}
