import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmountFormatError,
  checkCustomAmount,
  formatAmount,
  parseAmount,
  type CustomUnitAmount,
} from '@kiosk/core';
import CasinoOutlinedIcon from '@mui/icons-material/CasinoOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PaymentCurrency } from '@kiosk/contracts';
import { randomDonation } from './donation-amount.ts';
import { PresetCards, PresetChips } from './PresetCards.tsx';
import { useRememberedDonation } from './use-remembered-donation.ts';
import { useRandomDraw } from './use-random-draw.ts';

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
  /**
   * A donation's (seed 000 §2): presets as cards, a random amount, and the donor's last amount
   * remembered (§9).
   */
  donation?: boolean;
}

/**
 * Pay what you want (seed 000 §5): an amount within minimum (default 0) and maximum, with no more
 * decimal places than the currency's maximum_precision, or one of the presets where only those may be
 * given. Sent when the field is left or Enter pressed.
 */
export function CustomAmountField({
  custom,
  amount,
  currency,
  disabled,
  onChange,
  onStatus,
  donation = false,
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

  const remember = useRememberedDonation({
    donation,
    locked: disabled,
    custom,
    currency,
    amount,
    restore: (value) => choose(value),
  });

  /** An amount the donor chose (a preset, a typed or a drawn one): sent, and remembered for donations. */
  const choose = (value: bigint) => {
    setText(show(value));
    setProblem(null);
    remember(value);
    if (value !== amount) onChange(value);
  };

  const commit = (value: string) => {
    const result = check(value);
    if (typeof result === 'string') setProblem(result);
    else choose(result);
  };

  // Seed 000 §2: a donation's presets are cards; an order's amount has chips.
  const Presets = donation ? PresetCards : PresetChips;
  const random = useRandomDraw(
    () => randomDonation(custom, currency, Math.random()),
    (value) => setText(show(value)),
    choose,
  );

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {custom.presets.length > 0 && (
        <Presets
          presets={custom.presets}
          amount={amount}
          symbol={currency.symbol}
          show={show}
          disabled={disabled || random.drawing}
          onChoose={(preset) => choose(BigInt(preset))}
        />
      )}
      {/* Presets only (`custom: false`): no amount of the donor's own, typed or drawn. */}
      {custom.custom !== false && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('checkout.customAmount.label', { symbol: currency.symbol })}
            value={text}
            size="small"
            disabled={disabled || random.drawing}
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
            sx={{ flexGrow: 1 }}
          />
          {donation && (
            <Button
              startIcon={<CasinoOutlinedIcon />}
              onClick={random.start}
              disabled={disabled || random.drawing}
              sx={{ flexShrink: 0, mt: 0.25 }}
            >
              {t('checkout.donation.random')}
            </Button>
          )}
        </Stack>
      )}
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
