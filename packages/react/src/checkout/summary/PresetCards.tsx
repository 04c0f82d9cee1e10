import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';

export interface PresetsProps {
  presets: string[];
  amount: bigint;
  symbol: string;
  show: (value: string) => string;
  disabled: boolean;
  onChoose: (preset: string) => void;
}

/** Seed 000 §2: a donation's preset amounts as cards, the chosen one pressed. */
export function PresetCards({ presets, amount, symbol, show, disabled, onChoose }: PresetsProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t('checkout.customAmount.presets')}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}
    >
      {presets.map((preset) => {
        const chosen = BigInt(preset) === amount;
        return (
          <ToggleButton
            key={preset}
            value={preset}
            aria-label={`${show(preset)} ${symbol}`}
            selected={chosen}
            color="primary"
            disabled={disabled}
            onChange={() => onChoose(preset)}
            sx={{ py: 1.5, flexDirection: 'column', borderRadius: 2 }}
          >
            <Typography component="span" variant="h6" sx={{ lineHeight: 1.2 }}>
              {show(preset)}
            </Typography>
            <Typography component="span" variant="caption">
              {symbol}
            </Typography>
          </ToggleButton>
        );
      })}
    </Box>
  );
}

/** A pay-what-you-want price's presets as chips (the order's amount, not a donation's cards). */
export function PresetChips({ presets, amount, symbol, show, disabled, onChoose }: PresetsProps) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap' }}
      aria-label={t('checkout.customAmount.presets')}
      role="group"
    >
      {presets.map((preset) => (
        <Chip
          key={preset}
          label={`${show(preset)} ${symbol}`}
          color={BigInt(preset) === amount ? 'primary' : 'default'}
          variant={BigInt(preset) === amount ? 'filled' : 'outlined'}
          disabled={disabled}
          aria-pressed={BigInt(preset) === amount}
          onClick={() => onChoose(preset)}
        />
      ))}
    </Stack>
  );
}
