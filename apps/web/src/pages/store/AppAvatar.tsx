import Avatar from '@mui/material/Avatar';
import { colorOf } from '@kiosk/react/ui';

export interface AppAvatarProps {
  name: string;
  title: string;
  size?: number;
}

/**
 * The app's first letter on a colour drawn from its name. An app's logo is a path inside its bundle,
 * which nothing serves yet; the letter stands in, the same on every screen and visit.
 */
export function AppAvatar({ name, title, size = 48 }: AppAvatarProps) {
  const letter = (title.trim() || name).charAt(0).toLocaleUpperCase();
  return (
    <Avatar
      variant="rounded"
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        fontWeight: 700,
        bgcolor: colorOf(name),
        color: '#fff',
      }}
    >
      {letter}
    </Avatar>
  );
}
