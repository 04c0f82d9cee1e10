import { useId, type FormEvent, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export interface DialogFrameProps {
  /** Open unless false: a caller that lets the dialog fade out keeps it mounted until `onExited`. */
  open?: boolean;
  title: ReactNode;
  /** The id of the text that says what the dialog is about (aria-describedby). */
  descriptionId?: string;
  onClose: () => void;
  /** While a request is on its way, Escape, the backdrop and the × do nothing. */
  busy?: boolean;
  /** A click beside the dialog does not close it (what it shows cannot be shown again). */
  keepOnBackdropClick?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** Full screen on phones (below `sm`); otherwise the dialog keeps its margins there. */
  fullScreenOnPhone?: boolean;
  /** An × beside the title, named this, for a dialog with no Close among its actions. */
  closeLabel?: string;
  /** After the dialog has gone: the caller unmounts it, or moves focus to what changed. */
  onExited?: () => void;
  /** Makes the content and actions one form: Enter in a field, or a submit button, sends it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The dialog's content and actions (DialogContent, DialogActions). */
  children: ReactNode;
}

/**
 * The frame every dialog of the kit (and a screen's own multi-step dialog) is drawn in: the title
 * names the dialog (aria-labelledby), and Escape and the backdrop close it unless it is busy.
 */
export function DialogFrame({
  open = true,
  title,
  descriptionId,
  onClose,
  busy = false,
  keepOnBackdropClick = false,
  size = 'sm',
  fullScreenOnPhone = false,
  closeLabel,
  onExited,
  onSubmit,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  return (
    <Dialog
      open={open}
      onClose={(_, reason) => {
        if (busy || (keepOnBackdropClick && reason === 'backdropClick')) return;
        onClose();
      }}
      fullScreen={fullScreenOnPhone && phone}
      fullWidth
      maxWidth={size}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId} sx={closeLabel ? { pr: 7 } : undefined}>
        {title}
      </DialogTitle>
      {closeLabel && (
        <IconButton
          onClick={onClose}
          disabled={busy}
          aria-label={closeLabel}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      )}
      {onSubmit ? (
        // A column like the dialog's paper, so that the content still scrolls between title and actions.
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          {children}
        </Box>
      ) : (
        children
      )}
    </Dialog>
  );
}
