import { developerMessages } from '@kiosk/core/i18n/developer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, type DataTableColumn, useScreenMessages } from '@kiosk/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccessToken } from '@kiosk/contracts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { ALL_APPS, shortDid } from './access-token-form.ts';
import { CreateAccessTokenDialog } from './CreateAccessTokenDialog.tsx';
import { DeleteAccessTokenDialog } from './DeleteAccessTokenDialog.tsx';
import { useAccessTokens } from './use-access-tokens.ts';

const DEFAULT_PAGE_SIZE = 10;
const TITLE_ID = 'developer-access-tokens-title';

/**
 * `/developer/access-tokens` (issue 12 item 3, docs/identity.md §4): the developer's tokens for the
 * CLI and other tools. The list never holds a secret; a new token's secret is shown once, in the
 * dialog that made it.
 */
export function AccessTokensPage() {
  useScreenMessages(developerMessages);
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);
  const tokens = useAccessTokens(page, pageSize);
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
            {shortDid(token.scope)}
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
    {
      key: 'actions',
      label: t('developer.tokens.actions'),
      align: 'right',
      render: (token) => (
        <Button
          size="small"
          color="error"
          onClick={() => setDeleting(token)}
          aria-label={t('developer.tokens.deleteNamed', { name: token.name })}
        >
          {t('developer.tokens.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="section" aria-labelledby={TITLE_ID}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' }, mb: 3 }}
        >
          <Box>
            <Typography id={TITLE_ID} component="h1" variant="h4" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('developer.tokens.description')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
          >
            {t('developer.tokens.new')}
          </Button>
        </Stack>
        <DataTable
          label={title}
          columns={columns}
          rows={tokens.data?.list ?? []}
          getRowKey={(token) => token.id}
          count={tokens.data?.count ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          loading={tokens.isPending}
          emptyText={t('developer.tokens.empty')}
          error={
            tokens.isError ? { message: tokens.error.message, onRetry: () => void tokens.refetch() } : null
          }
        />
      </Box>
      {creating && <CreateAccessTokenDialog onClose={() => setCreating(false)} />}
      {deleting && <DeleteAccessTokenDialog token={deleting} onClose={() => setDeleting(null)} />}
    </Container>
  );
}
