import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useLivemode, useSwitchLivemode } from '../../hooks/use-livemode.ts';

/** The live/test switch where the data is (the merchant dashboard): on shows test data. */
export function LivemodeSwitch() {
  const { t } = useTranslation();
  const livemode = useLivemode();
  const switchLivemode = useSwitchLivemode();
  return (
    <FormControlLabel
      label={t('shell.testMode')}
      control={
        <Switch
          color="warning"
          checked={!livemode}
          onChange={(event) => switchLivemode(!event.target.checked)}
        />
      }
      sx={{ mr: 0 }}
    />
  );
}
