import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import type { DataTableColumn } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, useListParams } from '@kiosk/react/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { ApiKey } from '@kiosk/contracts';
import { useApiKeys } from '../../hooks/use-api-keys.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../theme.ts';
import { CreateApiKeyDialog } from './CreateApiKeyDialog.tsx';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog.tsx';

/** Secret API keys for merchant back ends; owners and admins only (docs/identity.md §4). */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation();
  const list = useListParams(useSearchParams(), { prefix: 'keys' });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = useApiKeys(list.page, list.pageSize);

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
    actionsColumn(t('apiKeys.actions'), (key) => [
      {
        label: t('apiKeys.revoke'),
        ariaLabel: t('apiKeys.revokeNamed', { name: key.name }),
        color: 'error',
        onClick: () => setRevoking(key),
      },
    ]),
  ];

  return (
    <ListPage
      title={t('apiKeys.title')}
      headingLevel={2}
      description={t('apiKeys.description')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('apiKeys.create')}
        </Button>
      }
      params={list}
      columns={columns}
      getRowKey={(key) => key.id}
      emptyText={t('apiKeys.empty')}
      {...listStateOf(keys)}
    >
      {creating && <CreateApiKeyDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </ListPage>
  );
}
