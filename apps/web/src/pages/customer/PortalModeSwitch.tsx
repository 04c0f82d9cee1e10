import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useLivemode } from '../../hooks/use-livemode.ts';
import { portalModePath } from './portal-mode.ts';

export interface PortalModeSwitchProps {
  /** The mode the portal shows now. */
  livemode: boolean;
  /** The buyer has never bought in live mode but has in test mode: say where their purchases are. */
  hint: boolean;
}

/**
 * Live | Test on the portal of a buyer who has test-mode purchases (the demo's are), so they are never
 * left with empty lists: the same address the success screen's `?livemode=false` link opens, with the
 * page's test-mode chip beside the title. A buyer with live purchases only never sees it.
 */
export function PortalModeSwitch({ livemode, hint }: PortalModeSwitchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appLivemode = useLivemode();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={livemode ? 'live' : 'test'}
        aria-label={t('portal.mode.label')}
        onChange={(_, value: 'live' | 'test' | null) => {
          if (value) void navigate(portalModePath('/customer', value === 'live', appLivemode));
        }}
      >
        <ToggleButton value="live">{t('portal.mode.live')}</ToggleButton>
        <ToggleButton value="test" color="warning">
          {t('portal.mode.test')}
        </ToggleButton>
      </ToggleButtonGroup>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {t('portal.mode.testHint')}
        </Typography>
      )}
    </Stack>
  );
}
