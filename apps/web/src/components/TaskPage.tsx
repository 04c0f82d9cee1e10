import { useId, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export interface TaskPageProps {
  /** Drawn beside the title, in the primary colour; screen readers skip it. */
  icon: ComponentType<SvgIconProps>;
  /** The page's heading, which names its card and the browser tab. */
  title: string;
  /** What the task is, under the title. */
  description: string;
  /** What to know before starting, as a short list under the description. */
  notes?: string[];
  /** The task itself: a form, where it stands, or why it cannot go on (StatusOutcome). */
  children: ReactNode;
}

/**
 * A page for one task (connecting the CLI, making an app's key pair, asking to join as a developer):
 * a narrow card titled by its heading and icon, what the task is, and the task below it.
 */
export function TaskPage({ icon: Icon, title, description, notes, children }: TaskPageProps) {
  useDocumentTitle(title);
  const titleId = useId();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Icon color="primary" aria-hidden />
          <Typography id={titleId} component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: notes ? 2 : 3 }}>
          {description}
        </Typography>
        {notes && (
          <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 3, '& li': { mb: 0.5 } }}>
            {notes.map((note) => (
              <Typography key={note} component="li" variant="body2">
                {note}
              </Typography>
            ))}
          </Box>
        )}
        {children}
      </Paper>
    </Container>
  );
}
