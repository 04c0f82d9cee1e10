import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { useLivemode } from '../../hooks/use-livemode.ts';

/** Seed 001 §1: test mode must be impossible to miss, so no one mistakes test data for real money. */
export function TestModeChip() {
  const { t } = useTranslation();
  const livemode = useLivemode();
  if (livemode) return null;
  return <Chip label={t('shell.testMode')} color="warning" size="small" sx={{ fontWeight: 600 }} />;
}
