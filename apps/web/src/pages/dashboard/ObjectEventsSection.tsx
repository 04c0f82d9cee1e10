import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EventRecord } from '@kiosk/contracts';
import { DetailSection, DetailTimeline, queryError } from '@kiosk/react/ui';
import { formatUnixTime } from '../../lib/format-unix-time.ts';

export interface ObjectEventsSectionProps {
  /** The object whose events these are (the timeline is named after it). */
  objectId: string;
  events: UseQueryResult<{ list: EventRecord[]; count: number }>;
  /**
   * The page's message keys: `{keys}.events`, `.eventsOf`, `.eventsFailed`, `.retry`, `.eventsEmpty`,
   * `.eventsLatest`, and `.event.{type}` for each type in `known`.
   */
  keys: string;
  /** The event types the page names in its own words; any other shows its type as sent. */
  known: readonly string[];
  /** What an event says beyond its title (by default its id), and whether it stands out. */
  describe: (event: EventRecord) => { body: string; highlight: boolean };
}

/**
 * A dashboard record's event timeline (a payment's, an invoice's, a subscription's): oldest first,
 * with how many of all it shows when the object has had more.
 */
export function ObjectEventsSection({ objectId, events, keys, known, describe }: ObjectEventsSectionProps) {
  const { t, i18n } = useTranslation();
  const label = t(`${keys}.eventsOf`, { id: objectId });
  const list = events.data?.list ?? [];
  const count = events.data?.count ?? 0;
  return (
    <DetailSection
      title={t(`${keys}.events`)}
      loading={events.isPending}
      loadingLabel={label}
      error={queryError(events, t(`${keys}.eventsFailed`), t(`${keys}.retry`))}
      empty={list.length === 0}
      emptyText={t(`${keys}.eventsEmpty`)}
    >
      {count > list.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(`${keys}.eventsLatest`, { shown: list.length, count })}
        </Typography>
      )}
      <DetailTimeline
        label={label}
        entries={[...list].reverse().map((event) => ({
          key: event.id,
          title: known.includes(event.type) ? t(`${keys}.event.${event.type}`) : event.type,
          time: formatUnixTime(event.created_at, i18n.language),
          ...describe(event),
        }))}
      />
    </DetailSection>
  );
}
