import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import ScienceIcon from '@mui/icons-material/Science';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useLivemode, useSwitchLivemode } from '../../hooks/use-livemode.ts';

/**
 * The account menu's live/test switch for owners and admins: a checkbox item named "Test mode", checked
 * while test data shows. The menu stays open, so a screen reader hears the new state at once.
 */
export function LivemodeMenuItem() {
  const { t } = useTranslation();
  const labelId = useId();
  const stateId = useId();
  const livemode = useLivemode();
  const switchLivemode = useSwitchLivemode();

  return (
    <MenuItem
      role="menuitemcheckbox"
      aria-checked={!livemode}
      aria-labelledby={labelId}
      aria-describedby={stateId}
      onClick={() => switchLivemode(!livemode)}
    >
      <ListItemIcon>
        <ScienceIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={t('shell.testMode')}
        secondary={t(livemode ? 'shell.mode.showingLive' : 'shell.mode.showingTest')}
        slotProps={{ primary: { id: labelId }, secondary: { id: stateId } }}
      />
      {/* Only a picture of the state: the item itself is the control. */}
      <Box component="span" aria-hidden="true" sx={{ ml: 1, pointerEvents: 'none' }}>
        <Switch
          size="small"
          color="warning"
          checked={!livemode}
          readOnly
          slotProps={{ input: { tabIndex: -1 } }}
        />
      </Box>
    </MenuItem>
  );
}
