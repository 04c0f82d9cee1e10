import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';

export interface DialogErrorProps {
  /** What failed, above the reason. */
  title?: ReactNode;
  /** The reason: the server's own text, in the visitor's language. */
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/** A refusal said inside the dialog, where the visitor can try again, and announced as it appears. */
export function DialogError({ title, children, sx }: DialogErrorProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={[{ whiteSpace: 'pre-line' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      {children}
    </Alert>
  );
}
