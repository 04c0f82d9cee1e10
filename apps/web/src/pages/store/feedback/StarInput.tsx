import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { visuallyHidden } from '@kiosk/react';

const SCORES = [1, 2, 3, 4, 5] as const;

export interface StarInputProps {
  /** The id of the element that names the group. */
  labelledBy: string;
  value: number | null;
  disabled: boolean;
  /** Each star's accessible name ("4 stars"). */
  labelOf: (score: number) => string;
  onChange: (score: number) => void;
}

/**
 * Five stars as a native radio group: a click or tap on a star, or the arrow keys and Space, choose
 * a score. MUI's Rating is not used for input: its click handler re-renders during the click, and
 * under Preact (the store's runtime) that render resets the radio before the browser's change
 * event, so a mouse click chose nothing. Here only the change event sets the score.
 */
export function StarInput({ labelledBy, value, disabled, labelOf, onChange }: StarInputProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <Box
      role="radiogroup"
      aria-labelledby={labelledBy}
      onMouseLeave={() => setHovered(null)}
      sx={{ display: 'inline-flex', color: 'warning.main', fontSize: '2rem' }}
    >
      {SCORES.map((score) => {
        const id = `${name}-${score}`;
        return (
          <Box key={score} sx={{ position: 'relative' }}>
            <Box
              component="input"
              type="radio"
              id={id}
              name={name}
              value={score}
              checked={value === score}
              disabled={disabled}
              onChange={() => onChange(score)}
              sx={[visuallyHidden, { '&:focus-visible + label': { outline: 2, outlineOffset: 2 } }]}
            />
            <Box
              component="label"
              htmlFor={id}
              onMouseEnter={() => setHovered(score)}
              sx={{
                display: 'flex',
                cursor: disabled ? 'default' : 'pointer',
                opacity: disabled ? 0.6 : 1,
                borderRadius: 1,
              }}
            >
              {score <= shown ? <StarIcon fontSize="inherit" /> : <StarBorderIcon fontSize="inherit" />}
              <Box component="span" sx={visuallyHidden}>
                {labelOf(score)}
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
