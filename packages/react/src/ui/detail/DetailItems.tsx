import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A line of a record: an invoice's line, a subscription's item. */
export interface DetailItem {
  key: string;
  name: ReactNode;
  /** Under the name: the quantity, say. */
  detail?: ReactNode;
  /** At the end of the line: its amount. */
  amount?: ReactNode;
}

/** A record's lines, one under another, each with its name, detail and amount. */
export function DetailItems({ items }: { items: readonly DetailItem[] }) {
  return (
    <Stack
      component="ul"
      divider={<Divider component="li" aria-hidden />}
      spacing={1}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {items.map((item) => (
        <Stack key={item.key} component="li" direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{item.name}</Typography>
            {item.detail && (
              <Typography variant="body2" color="text.secondary">
                {item.detail}
              </Typography>
            )}
          </Box>
          {item.amount !== undefined && (
            <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {item.amount}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
