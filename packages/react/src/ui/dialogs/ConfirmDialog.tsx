import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { uiDialogsMessages } from '@kiosk/core/i18n/ui-dialogs';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { DialogError } from './DialogError.tsx';
import { DialogFocus } from './dialog-focus.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { errorMessage } from './server-error.ts';

/** `danger` for what cannot be undone, `warning` for what loses something that can be made again. */
export type DialogTone = 'primary' | 'danger' | 'warning';

export const TONE_COLOR = { primary: 'primary', danger: 'error', warning: 'warning' } as const;

export interface TypedConfirmation {
  /** The field's label, e.g. "Token name". */
  label: string;
  /** What is to be typed; the field shows it as its placeholder. */
  expected: string;
  /** Whether `typed` confirms; by default the same text, apart from spaces at either end. */
  matches?: (typed: string, expected: string) => boolean;
}

export interface ConfirmDialogProps {
  /** Open unless false: a caller that lets the dialog fade out keeps it mounted until `onExited`. */
  open?: boolean;
  title: ReactNode;
  /** What confirming does; it describes the dialog (aria-describedby). */
  message: ReactNode;
  /** Shown below the message, e.g. the exact thing the action is about. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Danger and warning colour the confirm button, and Cancel takes the focus: a reflexive Enter keeps things as they are. */
  tone?: DialogTone;
  /** For the most destructive actions: Confirm is offered once this is typed, and the field takes the focus. */
  typedConfirmation?: TypedConfirmation;
  /**
   * The action, given what was typed. The dialog stays open and busy until it settles; what it throws
   * (an ApiError carries the server's text in the visitor's language) is said in the dialog, which
   * stays open to try again.
   */
  onConfirm: (typed: string) => unknown;
  /** After the action succeeded; by default the dialog closes (onClose). */
  onConfirmed?: () => void;
  onClose: () => void;
  onExited?: () => void;
}

const sameText = (typed: string, expected: string) => typed.trim() === expected.trim();

/** Asks before an action, runs it, and says in place why it failed. */
export function ConfirmDialog({
  open = true,
  title,
  message,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  typedConfirmation,
  onConfirm,
  onConfirmed,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  useScreenMessages(uiDialogsMessages);
  const { t } = useTranslation();
  const descriptionId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const typedRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const confirmed =
    !typedConfirmation || (typedConfirmation.matches ?? sameText)(typed, typedConfirmation.expected);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !confirmed) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(typed);
    } catch (failure) {
      setError(errorMessage(failure, t('uiDialogs.failed')));
      return;
    } finally {
      setBusy(false);
    }
    (onConfirmed ?? onClose)();
  };

  return (
    <DialogFrame
      open={open}
      title={title}
      descriptionId={descriptionId}
      onClose={onClose}
      busy={busy}
      size="xs"
      onExited={onExited}
      onSubmit={(event) => void confirm(event)}
    >
      <DialogContent>
        <DialogContentText id={descriptionId}>{message}</DialogContentText>
        {children}
        {typedConfirmation && (
          <TextField
            inputRef={typedRef}
            label={typedConfirmation.label}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={typedConfirmation.expected}
            fullWidth
            autoComplete="off"
            sx={{ mt: 2 }}
          />
        )}
        {error && <DialogError sx={{ mt: 2 }}>{error}</DialogError>}
      </DialogContent>
      <DialogActions>
        <Button ref={cancelRef} onClick={onClose} color="inherit" disabled={busy}>
          {cancelLabel ?? t('uiDialogs.cancel')}
        </Button>
        <Button
          ref={confirmRef}
          type="submit"
          variant="contained"
          color={TONE_COLOR[tone]}
          disabled={!confirmed}
          loading={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
      <DialogFocus
        target={() =>
          typedConfirmation ? typedRef.current : tone === 'primary' ? confirmRef.current : cancelRef.current
        }
        step={busy}
      />
    </DialogFrame>
  );
}
