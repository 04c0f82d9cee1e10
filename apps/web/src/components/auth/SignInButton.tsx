import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import { LazySignInDialog } from './LazySignInDialog.tsx';

export function SignInButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="small" startIcon={<LoginIcon />} onClick={() => setOpen(true)}>
        {t('auth.signIn')}
      </Button>
      <LazySignInDialog open={open} onClose={() => setOpen(false)} onSignedIn={() => setOpen(false)} />
    </>
  );
}
