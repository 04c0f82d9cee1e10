import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountFormatError,
  checkCustomAmount,
  formatAmount,
  parseAmount,
  type CustomUnitAmount,
} from '@kiosk/core';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PaymentCurrency } from '@kiosk/contracts';

/**
 * Where the typed amount stands against the order's: the same (`settled`), typed but not sent yet
 * (`editing`), or refused by the field (`invalid`). Only a settled amount may be named or paid.
 */
export type AmountStatus = 'settled' | 'editing' | 'invalid';

export interface CustomAmountFieldProps {
  custom: CustomUnitAmount;
  amount: bigint;
  currency: PaymentCurrency;
  disabled: boolean;
  onChange: (amount: bigint) => void;
  /** Told whenever the status changes, so the pay button never names or pays another amount. */
  onStatus?: (status: AmountStatus) => void;
}

/**
 * Pay what you want (seed 000 §5): an amount within minimum (default 0) and maximum, with no more
 * decimal places than the currency's maximum_precision. Sent when the field is left or Enter pressed.
 */
export function CustomAmountField({
  custom,
  amount,
  currency,
  disabled,
  onChange,
  onStatus,
}: CustomAmountFieldProps) {
  const { t } = useTranslation();
  const show = (value: bigint | string) =>
    formatAmount(value, currency.decimal, { precision: currency.maximum_precision, thousandSeparator: '' });
  const [text, setText] = useState(() => show(amount));
  const [problem, setProblem] = useState<string | null>(null);

  const check = (value: string): bigint | string => {
    let parsed: bigint;
    try {
      parsed = parseAmount(value, currency.decimal, { maximumPrecision: currency.maximum_precision });
    } catch (error) {
      return error instanceof AmountFormatError && error.reason === 'precision'
        ? t('checkout.customAmount.precision', { precision: currency.maximum_precision })
        : t('checkout.customAmount.invalid');
    }
    if (checkCustomAmount(custom, parsed)) {
      const min = show(custom.minimum ?? '0');
      return custom.maximum === undefined
        ? t('checkout.customAmount.minimum', { min })
        : t('checkout.customAmount.range', { min, max: show(custom.maximum) });
    }
    return parsed;
  };

  const status: AmountStatus =
    problem !== null ? 'invalid' : parsedOrNull(text, currency) === amount ? 'settled' : 'editing';
  useEffect(() => onStatus?.(status), [onStatus, status]);
  // A field that goes (another currency, a minimal layout) leaves no refused amount behind.
  useEffect(() => () => onStatus?.('settled'), [onStatus]);

  const commit = (value: string) => {
    const result = check(value);
    if (typeof result === 'string') {
      setProblem(result);
      return;
    }
    setProblem(null);
    if (result !== amount) onChange(result);
  };

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {custom.presets.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label={t('checkout.customAmount.presets')}
          role="group"
        >
          {custom.presets.map((preset) => (
            <Chip
              key={preset}
              label={`${show(preset)} ${currency.symbol}`}
              color={BigInt(preset) === amount ? 'primary' : 'default'}
              variant={BigInt(preset) === amount ? 'filled' : 'outlined'}
              disabled={disabled}
              aria-pressed={BigInt(preset) === amount}
              onClick={() => {
                setText(show(preset));
                setProblem(null);
                if (BigInt(preset) !== amount) onChange(BigInt(preset));
              }}
            />
          ))}
        </Stack>
      )}
      <TextField
        label={t('checkout.customAmount.label', { symbol: currency.symbol })}
        value={text}
        size="small"
        disabled={disabled}
        error={problem !== null}
        helperText={problem}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(text);
          }
        }}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </Stack>
  );
}

/** What the text says in smallest units, as the field would send it; null when it says no amount. */
function parsedOrNull(text: string, currency: PaymentCurrency): bigint | null {
  try {
    return parseAmount(text, currency.decimal, { maximumPrecision: currency.maximum_precision });
  } catch {
    return null;
  }
}
