import Avatar from '@mui/material/Avatar';
import { colorOf, identiconDataUrl } from './identicon.ts';

/** Whoever a DID names: a signed-in user, a supporter, a customer. */
export interface DidAvatarUser {
  did: string;
  /** The address the DID holds, drawn as an identicon when there is neither a picture nor a name. */
  address: string;
  name?: string | null;
  avatar?: string | null;
}

export interface DidAvatarProps {
  user: DidAvatarUser;
  /** Pixels (seed 000 §9: 48 by default). */
  size?: number;
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * Their picture, else the initials of their name, else an identicon of their address. It is
 * decorative: the name or DID always stands beside it or in the surrounding control's label.
 */
export function DidAvatar({ user, size = 48 }: DidAvatarProps) {
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
