import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { CurrencyChoice } from '../order-view.ts';

/** Seed 000 §9: the currency grid's columns are at least 220 px wide. */
export const CURRENCY_COLUMN_MIN_PX = 220;

export interface CurrencyGridProps {
  choices: CurrencyChoice[];
  selectedId: string | undefined;
  /** What the order costs in each currency, already formatted. */
  totals: Record<string, string>;
  disabled?: boolean;
  onSelect: (currencyId: string) => void;
}

/** A radio group of cards: arrow keys move between them, as in any radio group. */
export function CurrencyGrid({ choices, selectedId, totals, disabled, onSelect }: CurrencyGridProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const index = Math.max(
    0,
    choices.findIndex(({ currency }) => currency.id === selectedId),
  );

  const move = (step: number) => {
    const next = choices[(index + step + choices.length) % choices.length];
    if (!next) return;
    onSelect(next.currency.id);
    document.getElementById(`${labelId}-${next.currency.id}`)?.focus();
  };

  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('checkout.currency.title')}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby={labelId}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(1);
          else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(-1);
          else return;
          event.preventDefault();
        }}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${CURRENCY_COLUMN_MIN_PX}px), 1fr))`,
          gap: 1,
        }}
      >
        {choices.map(({ currency, method }, position) => {
          const selected = currency.id === selectedId || (selectedId === undefined && position === 0);
          return (
            <ButtonBase
              key={currency.id}
              id={`${labelId}-${currency.id}`}
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              disabled={disabled}
              onClick={() => onSelect(currency.id)}
              sx={{
                justifyContent: 'flex-start',
                gap: 1.5,
                p: 1.5,
                borderRadius: 2,
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : 'background.paper',
                textAlign: 'start',
                '&.Mui-focusVisible': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <Avatar src={currency.logo ?? undefined} alt="" sx={{ width: 32, height: 32, fontSize: 14 }}>
                {currency.symbol.slice(0, 3)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {totals[currency.id] ?? currency.symbol}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {currency.name} · {t('checkout.currency.on', { method: method.name })}
                </Typography>
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
