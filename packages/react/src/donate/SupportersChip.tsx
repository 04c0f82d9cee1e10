import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import AvatarGroup from '@mui/material/AvatarGroup';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { addressOfDid, formatAmount } from '@kiosk/core';
import type { DonationsAnswer, Supporter } from '@kiosk/contracts';
import { DidAvatar } from '../ui/DidAvatar.tsx';
import { shortDid } from '../ui/short-address.ts';

// Seed 000 §9: the chip shows 5 supporters on a phone and 10 on a wider screen; the list is 300 px wide.
const CHIP_AVATARS = { phone: 5, wide: 10 } as const;
const LIST_WIDTH = 300;
const AVATAR_SIZE = 28;

/** What a supporter is called: the name they gave, else their wallet, else nobody. */
function supporterName(supporter: Supporter, anonymous: string): string {
  return supporter.name ?? (supporter.did ? shortDid(supporter.did) : anonymous);
}

function SupporterAvatar({ supporter, size }: { supporter: Supporter; size: number }) {
  const did = supporter.did ?? supporter.checkout_session_id;
  const user = { did, address: supporter.did ? addressOfDid(supporter.did) : did, name: supporter.name };
  return <DidAvatar user={user} size={size} />;
}

/**
 * The supporters of a donation (seed 000 §9): their avatars and how many they are, which opens the
 * list of them with what each gave and when, and the total. No one yet: an invitation to be first.
 */
export function SupportersChip({ donations }: { donations: DonationsAnswer }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const { supporters, total, currency } = donations;
  if (total === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('donate.noSupporters')}
      </Typography>
    );
  }
  const shown = supporters.slice(0, phone ? CHIP_AVATARS.phone : CHIP_AVATARS.wide);
  const money = (amount: string) =>
    currency ? `${formatAmount(amount, currency.decimal)} ${currency.symbol}` : '';
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const count = t('donate.supporters', { count: total, number: total });
  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? listId : undefined}
        sx={{
          gap: 1,
          px: 1,
          py: 0.5,
          borderRadius: 99,
          typography: 'body2',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <AvatarGroup
          max={shown.length + 1}
          total={total}
          sx={{ '& .MuiAvatar-root': { width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: 12 } }}
        >
          {shown.map((supporter) => (
            <SupporterAvatar key={supporter.checkout_session_id} supporter={supporter} size={AVATAR_SIZE} />
          ))}
        </AvatarGroup>
        {count}
      </ButtonBase>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { id: listId, role: 'dialog', 'aria-label': t('donate.supportersList') } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {count}
          {currency && ` · ${t('donate.total', { amount: money(donations.totalAmount) })}`}
        </Typography>
        <List
          dense
          sx={{ width: LIST_WIDTH, maxWidth: 'calc(100vw - 32px)', maxHeight: 360, overflow: 'auto' }}
        >
          {supporters.map((supporter) => (
            <ListItem key={supporter.checkout_session_id}>
              <ListItemAvatar sx={{ minWidth: 44 }}>
                <SupporterAvatar supporter={supporter} size={32} />
              </ListItemAvatar>
              <ListItemText
                primary={supporterName(supporter, t('donate.anonymous'))}
                secondary={[
                  supporter.currency_id === currency?.id ? money(supporter.amount) : '',
                  date.format(supporter.paid_at * 1000),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
