import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface CheckoutToastProps {
  /** The message; null hides the toast. */
  message: string | null;
  onClose: () => void;
}

/** A refused edit or payment, said at the top of the page for 8 s. */
export function CheckoutToast({ message, onClose }: CheckoutToastProps) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={8_000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="error" onClose={onClose} sx={{ whiteSpace: 'pre-line' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
