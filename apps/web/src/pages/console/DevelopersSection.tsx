import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DataTableColumn, visuallyHidden } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, shortDid, useListParams } from '@kiosk/react/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { AddDeveloperDialog } from './AddDeveloperDialog.tsx';
import { RevokeDeveloperDialog } from './RevokeDeveloperDialog.tsx';
import { developerPassport, useDevelopers, type ConsoleUser } from './use-developers.ts';

/** Enough of the account to tell two developers apart: `did:pkh:eip155:1:0x5b38da6a…56beddc4`. */
const SHORT_DID = { method: true, visible: 8 } as const;

/** A user by their name, or by their shortened DID when they gave none. */
export function developerName(user: ConsoleUser): string {
  return user.name || shortDid(user.did, SHORT_DID);
}

/**
 * Issue 12 item 8: the admins choose who may upload and publish apps. A developer is a user holding
 * a live developer passport; adding one grants it, revoking ends it (their tokens stop with it).
 */
export function DevelopersSection() {
  const { t, i18n } = useTranslation();
  const list = useListParams(useSearchParams(), { prefix: 'developers' });
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<ConsoleUser | null>(null);
  const developers = useDevelopers(list.page, list.pageSize);

  const columns: DataTableColumn<ConsoleUser>[] = [
    {
      key: 'name',
      label: t('console.developers.name'),
      render: (user) => (
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {developerName(user)}
        </Typography>
      ),
    },
    {
      key: 'did',
      label: t('console.developers.did'),
      render: (user) => (
        // May break anywhere: a phone's card has less room than even the short form (issue 24 item 8).
        <Box component="span" title={user.did} sx={{ fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}>
          {/* The short form is for the eye; a screen reader hears the whole DID. */}
          <span aria-hidden="true">{shortDid(user.did, SHORT_DID)}</span>
          <Box component="span" sx={visuallyHidden}>
            {user.did}
          </Box>
        </Box>
      ),
    },
    {
      key: 'since',
      label: t('console.developers.since'),
      render: (user) => {
        const passport = developerPassport(user);
        return passport ? formatUnixTime(passport.issued_at, i18n.language) : '—';
      },
    },
    actionsColumn(t('console.developers.actions'), (user) => [
      {
        label: t('console.developers.revoke'),
        ariaLabel: t('console.developers.revokeNamed', { name: developerName(user) }),
        variant: 'outlined',
        color: 'error',
        disabled: !developerPassport(user),
        onClick: () => setRevoking(user),
      },
    ]),
  ];

  const revokingPassport = revoking && developerPassport(revoking);

  return (
    <ListPage
      title={t('console.developers.title')}
      headingLevel={2}
      description={t('console.developers.description')}
      actions={
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('console.developers.add')}
        </Button>
      }
      params={list}
      columns={columns}
      getRowKey={(user) => user.did}
      emptyText={t('console.developers.empty')}
      {...listStateOf(developers)}
    >
      {adding && <AddDeveloperDialog onClose={() => setAdding(false)} />}
      {revoking && revokingPassport && (
        <RevokeDeveloperDialog
          name={developerName(revoking)}
          did={revoking.did}
          passportId={revokingPassport.id}
          onClose={() => setRevoking(null)}
          // The last row of a later page gone: the list moves to the page before by itself.
          onRevoked={() => setRevoking(null)}
        />
      )}
    </ListPage>
  );
}
