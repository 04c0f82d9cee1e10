import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One entry of a record's history: who did what, when, and what they wrote. */
export interface DetailTimelineEntry {
  key: string;
  title: ReactNode;
  /** When, as the reader reads it. */
  time: ReactNode;
  body?: ReactNode;
  /** Set apart from the rest (a reviewer's entry among the developer's). */
  highlight?: boolean;
}

/** A record's history, oldest first, as an ordered list. */
export function DetailTimeline({
  label,
  entries,
}: {
  label: string;
  entries: readonly DetailTimelineEntry[];
}) {
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.key}
          sx={{
            p: 1.5,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: entry.highlight ? 'action.hover' : 'transparent',
          }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0, sm: 1 }}
            sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="time">
              {entry.time}
            </Typography>
          </Stack>
          {entry.body && (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {entry.body}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
