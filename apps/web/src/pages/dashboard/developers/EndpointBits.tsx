import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { WebhookEndpoint } from '@kiosk/contracts';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { MONOSPACE_FONT } from '../../../theme.ts';
import { EVERY_EVENT } from './event-types.ts';

const SHOWN_EVENTS = 3;

/** Enabled or disabled, and since when its deliveries fail, if they do. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={endpoint.disabled ? 'default' : 'success'}
        label={t(endpoint.disabled ? 'developers.webhooks.disabled' : 'developers.webhooks.enabled')}
      />
      {endpoint.failing_since !== null && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={t('developers.webhooks.failing', {
            date: formatUnixTime(endpoint.failing_since, i18n.language),
          })}
        />
      )}
    </Stack>
  );
}

/** The events it listens to: `*` said in words, the first few, and how many more (`all` shows every one). */
export function EndpointEvents({ events, all = false }: { events: readonly string[]; all?: boolean }) {
  const { t } = useTranslation();
  const shown = all ? events : events.slice(0, SHOWN_EVENTS);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {shown.map((pattern) => (
        <Chip
          key={pattern}
          size="small"
          label={pattern === EVERY_EVENT ? t('developers.webhooks.allEvents') : pattern}
          sx={{ fontFamily: pattern === EVERY_EVENT ? undefined : MONOSPACE_FONT }}
        />
      ))}
      {events.length > shown.length && (
        <Chip
          size="small"
          variant="outlined"
          label={t('developers.webhooks.moreEvents', { count: events.length - shown.length })}
        />
      )}
    </Stack>
  );
}
