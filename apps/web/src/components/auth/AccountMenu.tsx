import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import { DidAvatar, shortAddress } from '@kiosk/react/ui';
import type { SessionUser } from '../../hooks/use-session.ts';

const HEADER_AVATAR_SIZE = 32;

// The menu (profile, mode switch, sign-out, and MUI's popover code) loads when first opened; pointing
// at the avatar starts the download before the click.
const loadAccountMenuList = () => import('./AccountMenuList.tsx');
const AccountMenuList = lazy(() =>
  loadAccountMenuList().then((module) => ({ default: module.AccountMenuList })),
);

export interface AccountMenuProps {
  user: SessionUser;
}

export function AccountMenu({ user }: AccountMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const displayName = user.name || shortAddress(user.address);

  return (
    <>
      <IconButton
        aria-label={t('auth.accountMenu', { name: displayName })}
        aria-haspopup="true"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={menuAnchor ? 'true' : 'false'}
        onPointerEnter={() => void loadAccountMenuList()}
        onFocus={() => void loadAccountMenuList()}
        onClick={(event) => {
          setMenuWanted(true);
          setMenuAnchor(event.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <DidAvatar user={user} size={HEADER_AVATAR_SIZE} />
      </IconButton>
      {menuWanted && (
        <Suspense fallback={null}>
          <AccountMenuList
            id={menuId}
            user={user}
            displayName={displayName}
            anchor={menuAnchor}
            onClose={() => setMenuAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
