import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MONOSPACE_FONT } from '../../../theme.ts';

export interface DisclosureProps {
  /** The text shown when it opens: an answer's excerpt, an event's JSON. */
  text: string;
  showLabel: string;
  hideLabel: string;
}

/**
 * A long text kept out of a row until asked for: a button that says whether it is open
 * (aria-expanded) and names what it opens (aria-controls), then the text as it is, scrollable.
 */
export function Disclosure({ text, showLabel, hideLabel }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? hideLabel : showLabel}
      </Button>
      <Box
        id={id}
        component="pre"
        hidden={!open}
        sx={{
          m: 0,
          mt: 1,
          p: 1.5,
          maxHeight: 320,
          maxWidth: { xs: 'calc(100vw - 64px)', md: 560 },
          overflow: 'auto',
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: MONOSPACE_FONT,
          fontSize: '0.75rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          textAlign: 'left',
        }}
      >
        {open ? text : null}
      </Box>
    </Box>
  );
}
