import { useTranslation } from 'react-i18next';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InjectedWalletOption } from './types.ts';

export interface InjectedWalletListProps<Provider> {
  wallets: readonly InjectedWalletOption<Provider>[];
  /** The wallet being signed in with; every button waits meanwhile, as a wallet shows one request at a time. */
  busyWalletId: string | null;
  error: string | null;
  onChoose: (wallet: InjectedWalletOption<Provider>) => void;
  /** A button's text for a wallet's name; "Connect {name}" unless the action says otherwise. */
  label?: (walletName: string) => string;
}

export function InjectedWalletList<Provider>({
  wallets,
  busyWalletId,
  error,
  onChoose,
  label,
}: InjectedWalletListProps<Provider>) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      {wallets.map((wallet) => (
        <Button
          key={wallet.id}
          variant="outlined"
          size="large"
          fullWidth
          onClick={() => onChoose(wallet)}
          loading={busyWalletId === wallet.id}
          disabled={busyWalletId !== null && busyWalletId !== wallet.id}
          startIcon={
            wallet.icon ? (
              <Box
                component="img"
                src={wallet.icon}
                alt=""
                sx={{ width: 24, height: 24, borderRadius: 0.5 }}
              />
            ) : (
              <AccountBalanceWalletIcon />
            )
          }
          sx={{ justifyContent: 'flex-start' }}
        >
          {label ? label(wallet.name) : t('connect.injectedWallet', { name: wallet.name })}
        </Button>
      ))}
      {error && (
        <Typography role="alert" variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
