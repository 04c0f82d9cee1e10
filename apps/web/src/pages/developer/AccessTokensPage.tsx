import { developerMessages } from '@kiosk/core/i18n/developer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import { type DataTableColumn, useScreenMessages } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, shortDid, useListParams } from '@kiosk/react/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import type { AccessToken } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { ALL_APPS } from './access-token-form.ts';
import { CreateAccessTokenDialog } from './CreateAccessTokenDialog.tsx';
import { DeleteAccessTokenDialog } from './DeleteAccessTokenDialog.tsx';
import { useAccessTokens } from './use-access-tokens.ts';

/**
 * `/developer/access-tokens` (issue 12 item 3, docs/identity.md §4): the developer's tokens for the
 * CLI and other tools. The list never holds a secret; a new token's secret is shown once, in the
 * dialog that made it.
 */
export function AccessTokensPage() {
  useScreenMessages(developerMessages);
  const { t, i18n } = useTranslation();
  const list = useListParams(useSearchParams());
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);
  const tokens = useAccessTokens(list.page, list.pageSize);
  const title = t('page.screen.accessTokens');
  useDocumentTitle(title);
  const time = (seconds: number) => formatUnixTime(seconds, i18n.language);

  const columns: DataTableColumn<AccessToken>[] = [
    { key: 'name', label: t('developer.tokens.name') },
    {
      key: 'prefix',
      label: t('developer.tokens.prefix'),
      render: (token) => (
        <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
          {`${token.prefix}…`}
        </Box>
      ),
    },
    {
      key: 'scope',
      label: t('developer.tokens.scope'),
      render: (token) =>
        token.scope === ALL_APPS ? (
          t('developer.tokens.allApps')
        ) : (
          <Box
            component="code"
            title={token.scope}
            sx={{ fontFamily: MONOSPACE_FONT, overflowWrap: 'anywhere' }}
          >
            {shortDid(token.scope, { method: true })}
          </Box>
        ),
    },
    {
      key: 'permission',
      label: t('developer.tokens.permission'),
      render: (token) => t(`developer.tokens.permission.${token.permission}`),
    },
    {
      key: 'status',
      label: t('developer.tokens.status'),
      render: (token) => (
        <Chip
          size="small"
          variant="outlined"
          label={t(`developer.tokens.status.${token.status}`)}
          color={token.status === 'active' ? 'success' : 'default'}
        />
      ),
    },
    { key: 'created_at', label: t('developer.tokens.createdAt'), render: (token) => time(token.created_at) },
    { key: 'expires_at', label: t('developer.tokens.expiresAt'), render: (token) => time(token.expires_at) },
    {
      key: 'last_used_at',
      label: t('developer.tokens.lastUsedAt'),
      render: (token) => (token.last_used_at ? time(token.last_used_at) : t('developer.tokens.neverUsed')),
    },
    actionsColumn(t('developer.tokens.actions'), (token) => [
      {
        label: t('developer.tokens.delete'),
        ariaLabel: t('developer.tokens.deleteNamed', { name: token.name }),
        color: 'error',
        onClick: () => setDeleting(token),
      },
    ]),
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ListPage
        title={title}
        description={t('developer.tokens.description')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('developer.tokens.new')}
          </Button>
        }
        params={list}
        columns={columns}
        getRowKey={(token) => token.id}
        emptyText={t('developer.tokens.empty')}
        {...listStateOf(tokens)}
      />
      {creating && <CreateAccessTokenDialog onClose={() => setCreating(false)} />}
      {deleting && <DeleteAccessTokenDialog token={deleting} onClose={() => setDeleting(null)} />}
    </Container>
  );
}
