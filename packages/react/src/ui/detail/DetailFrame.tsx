import { uiListsMessages } from '@kiosk/core/i18n/ui-lists';
import { Fragment, useId, type ElementType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';
import { PageBackLink, PageHeader, type BackLink } from '../list/PageHeader.tsx';
import { DetailProblemMessage, type DetailProblem } from './DetailProblem.tsx';
import { DetailSummary, type DetailSummaryRow } from './DetailSummary.tsx';

export interface DetailFrameProps {
  back?: BackLink;
  /** What renders the back link, given `to`: the host's router link. Without it, a plain anchor. */
  linkComponent?: ElementType;
  /** Until the record is there: a placeholder in its place (the back link stays). */
  loading?: boolean;
  /** Names the placeholder for screen readers ("Loading the invoice…"). */
  loadingLabel?: string;
  /** No record to show, and why; it takes the page's place, heading and all. */
  problem?: DetailProblem | null;
  title?: ReactNode;
  /** Chips beside the title: the record's status, test mode. */
  status?: ReactNode;
  /** Under the title: a string as the secondary line, or the record's key facts (a total, a price). */
  subtitle?: ReactNode;
  /** What the reader can do with the record, under its header. */
  actions?: ReactNode;
  /** Above the record's title: what needs the reader first (an unpaid balance). */
  notices?: ReactNode;
  /** In the card, above the summary: the record's lines, say (a DetailSection of DetailItems). */
  body?: ReactNode;
  /** The record's facts as label–value rows; each group is set off from the next by a rule. */
  summary?: readonly (readonly DetailSummaryRow[])[];
  /** After the card: the page's sections (a DetailSection each). */
  children?: ReactNode;
}

/**
 * A detail page: a back link, the record's title with its status, subtitle and actions, its summary
 * card, and its sections; or, while it loads, a placeholder, and when it cannot be shown, why.
 */
export function DetailFrame({
  back,
  linkComponent,
  loading = false,
  loadingLabel,
  problem,
  title,
  status,
  subtitle,
  actions,
  notices,
  body,
  summary = [],
  children,
}: DetailFrameProps) {
  useScreenMessages(uiListsMessages);
  const { t } = useTranslation();
  const titleId = useId();
  const backLink = back && <PageBackLink back={back} linkComponent={linkComponent} />;

  if (problem)
    return (
      <>
        {backLink}
        <DetailProblemMessage problem={problem} />
      </>
    );

  if (loading)
    return (
      <>
        {backLink}
        <Paper
          variant="outlined"
          role="status"
          aria-busy="true"
          aria-label={loadingLabel ?? t('ui.detail.loading')}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Stack spacing={2}>
            <Skeleton variant="text" width="45%" height={40} />
            <Skeleton variant="text" width="30%" height={40} />
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={96} />
          </Stack>
        </Paper>
      </>
    );

  const groups = summary.filter((rows) => rows.length > 0);
  return (
    <Stack component="article" aria-labelledby={titleId} spacing={3}>
      {back || notices ? (
        <div>
          {backLink}
          {notices && <Stack spacing={2}>{notices}</Stack>}
        </div>
      ) : null}
      <Stack spacing={2}>
        <PageHeader title={title} titleId={titleId} status={status} description={subtitle} />
        {actions}
      </Stack>
      {(body || groups.length > 0) && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={3}>
            {body}
            {groups.map((rows, index) => (
              // The groups keep their order, so their place names them.
              <Fragment key={index}>
                {index > 0 && <Divider />}
                <DetailSummary rows={rows} />
              </Fragment>
            ))}
          </Stack>
        </Paper>
      )}
      {children}
    </Stack>
  );
}
