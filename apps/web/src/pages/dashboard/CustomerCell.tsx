import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Code } from './payment/Code.tsx';

/** A customer in a list row: the name with the email under it, or the email, or else the id. */
export function CustomerCell({
  id,
  name,
  email,
}: {
  id: string;
  name?: string | null;
  email?: string | null;
}) {
  if (!name && !email) return <Code>{id}</Code>;
  return (
    <Stack component="span">
      <span>{name || email}</span>
      {name && email && (
        <Typography variant="caption" color="text.secondary">
          {email}
        </Typography>
      )}
    </Stack>
  );
}
