import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, type DataTableColumn } from '@kiosk/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@kiosk/contracts';
import { useApiKeys } from '../../hooks/use-api-keys.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog.tsx';

const DEFAULT_PAGE_SIZE = 10;
const TITLE_ID = 'profile-api-keys-title';

/** Secret API keys for merchant back ends; owners and admins only (docs/identity.md §4). */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(page, pageSize);

  const columns: DataTableColumn<ApiKey>[] = [
    { key: 'name', label: t('apiKeys.name') },
    {
      key: 'livemode',
      label: t('apiKeys.mode'),
      render: (key) => (
        <Chip
          size="small"
          label={t(key.livemode ? 'apiKeys.live' : 'apiKeys.test')}
          color={key.livemode ? 'success' : 'warning'}
          variant="outlined"
        />
      ),
    },
    {
      key: 'prefix',
      label: t('apiKeys.prefix'),
      render: (key) => (
        <Box component="code" sx={{ fontFamily: MONOSPACE_FONT }}>
          {`${key.prefix}…`}
        </Box>
      ),
    },
    {
      key: 'created_at',
      label: t('apiKeys.createdAt'),
      render: (key) => formatUnixTime(key.created_at, i18n.language),
    },
    {
      key: 'last_used_at',
      label: t('apiKeys.lastUsedAt'),
      render: (key) =>
        key.last_used_at ? formatUnixTime(key.last_used_at, i18n.language) : t('apiKeys.neverUsed'),
    },
    {
      key: 'actions',
      label: t('apiKeys.actions'),
      align: 'right',
      render: (key) => (
        <Button
          size="small"
          color="error"
          onClick={() => setRevoking(key)}
          aria-label={t('apiKeys.revokeNamed', { name: key.name })}
        >
          {t('apiKeys.revoke')}
        </Button>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby={TITLE_ID}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' }, mb: 2 }}
      >
        <Box>
          <Typography id={TITLE_ID} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('apiKeys.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('apiKeys.description')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0 }}
        >
          {t('apiKeys.create')}
        </Button>
      </Stack>
      <DataTable
        label={t('apiKeys.title')}
        columns={columns}
        rows={keys.data?.list ?? []}
        getRowKey={(key) => key.id}
        count={keys.data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        loading={keys.isPending}
        emptyText={t('apiKeys.empty')}
        error={keys.isError ? { message: keys.error.message, onRetry: () => void keys.refetch() } : null}
      />
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Box>
  );
}
