import Avatar from '@mui/material/Avatar';
import type { SessionUser } from '../../hooks/use-session.ts';
import { colorOf, identiconDataUrl } from '../../lib/identicon.ts';

export interface UserAvatarProps {
  user: Pick<SessionUser, 'did' | 'address' | 'name' | 'avatar'>;
  /** Pixels. */
  size?: number;
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * The user's picture, else the initials of their name, else an identicon of their address. It is
 * decorative: the name or DID always stands beside it or in the surrounding control's label.
 */
export function UserAvatar({ user, size = 48 }: UserAvatarProps) {
  const initials = user.name ? initialsOf(user.name) : '';
  const src = user.avatar ?? (initials ? undefined : identiconDataUrl(user.address));
  return (
    <Avatar
      src={src}
      alt=""
      aria-hidden="true"
      sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 600, bgcolor: colorOf(user.did) }}
    >
      {initials || undefined}
    </Avatar>
  );
}
