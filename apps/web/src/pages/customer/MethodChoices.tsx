import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MethodChoice } from './use-method-change.ts';

export interface MethodChoicesProps {
  choices: MethodChoice[];
  /** The chosen choice's key. */
  value: string;
  disabled: boolean;
  onChange: (key: string) => void;
}

/** The methods as radio cards: the current one first and marked, saying it authorises again. */
export function MethodChoices({ choices, value, disabled, onChange }: MethodChoicesProps) {
  const { t } = useTranslation();
  const legendId = `${useId()}-legend`;
  return (
    <FormControl component="fieldset" disabled={disabled} fullWidth>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t('methodChange.options')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        name="payment-method"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ gap: 1 }}
      >
        {choices.map((choice) => (
          <MethodCard key={choice.key} choice={choice} checked={value === choice.key} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** One method and currency as a card: the whole card picks it; its name labels the radio. */
function MethodCard({ choice, checked }: { choice: MethodChoice; checked: boolean }) {
  const { t } = useTranslation();
  const ids = useId();
  const nameId = `${ids}-name`;
  const detailsId = `${ids}-details`;
  return (
    <Box
      component="label"
      data-testid={`method-${choice.key}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1.5,
        border: 1,
        borderRadius: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        cursor: 'pointer',
      }}
    >
      <Radio
        value={choice.key}
        slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': detailsId } }}
        sx={{ mt: -0.75 }}
      />
      <Stack spacing={0.5} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('methodChange.option', { currency: choice.currency.symbol, method: choice.method.name })}
          </Typography>
          {choice.current && (
            <Chip size="small" color="primary" variant="outlined" label={t('methodChange.current')} />
          )}
        </Stack>
        <Typography id={detailsId} variant="body2" color="text.secondary">
          {choice.current
            ? t('methodChange.again')
            : t('methodChange.switch', { currency: choice.currency.symbol })}
        </Typography>
      </Stack>
    </Box>
  );
}
