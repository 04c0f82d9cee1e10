import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface CheckoutMessageProps {
  icon: ReactNode;
  title: string;
  description: string;
  onCancel?: () => void;
}

/** A page in place of the form: the load error (Oops), an expired session, an empty cart. */
export function CheckoutMessage({ icon, title, description, onCancel }: CheckoutMessageProps) {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}
      role="region"
      aria-label={title}
    >
      <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440, whiteSpace: 'pre-line' }}>
        {description}
      </Typography>
      {onCancel && (
        <Button variant="outlined" onClick={onCancel}>
          {t('checkout.cancel')}
        </Button>
      )}
    </Stack>
  );
}
