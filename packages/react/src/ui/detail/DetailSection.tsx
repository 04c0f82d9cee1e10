import { uiListsMessages } from '@kiosk/core/i18n/ui-lists';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useScreenMessages } from '../../i18n/use-screen-messages.ts';

/** Why a section shows no content: the text to say, and a retry where one can help. */
export interface DetailSectionError {
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A section's failure with its retry, from the query it shows (none while that query is fine). */
export function queryError(
  query: { error: unknown; refetch: () => unknown },
  message: ReactNode,
  retryLabel: string,
): DetailSectionError | null {
  return query.error ? { message, onRetry: () => void query.refetch(), retryLabel } : null;
}

export interface DetailSectionProps {
  title: ReactNode;
  /** 2 for a section of the page, 3 or 4 for one inside another. */
  headingLevel?: 2 | 3 | 4;
  /** The heading's look, where the level's own does not fit (a section inside a card). */
  titleVariant?: TypographyProps['variant'];
  loading?: boolean;
  /** Names the loading placeholder for screen readers. */
  loadingLabel?: string;
  /** The placeholder's shape, where two bars do not fit (a grid of cards). */
  skeleton?: ReactNode;
  error?: DetailSectionError | null;
  /** With `emptyText`: there is nothing to show. */
  empty?: boolean;
  emptyText?: ReactNode;
  children?: ReactNode;
}

const HEADING_VARIANT = { 2: 'h6', 3: 'subtitle1', 4: 'subtitle2' } as const;

/**
 * A titled part of a detail page that loads on its own: its placeholder while loading, the failure
 * with a retry, the empty text, or its content.
 */
export function DetailSection({
  title,
  headingLevel = 2,
  titleVariant,
  loading = false,
  loadingLabel,
  skeleton,
  error,
  empty = false,
  emptyText,
  children,
}: DetailSectionProps) {
  useScreenMessages(uiListsMessages);
  const { t } = useTranslation();
  const headingId = useId();

  let content: ReactNode = children;
  if (error)
    content = (
      <Alert
        severity="error"
        action={
          error.onRetry && (
            <Button color="inherit" size="small" onClick={error.onRetry}>
              {error.retryLabel ?? t('ui.detail.retry')}
            </Button>
          )
        }
      >
        {error.message}
      </Alert>
    );
  else if (loading)
    content = (
      <Box role="status" aria-busy="true" aria-label={loadingLabel ?? t('ui.detail.loading')}>
        {skeleton ?? (
          <Stack spacing={1}>
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        )}
      </Box>
    );
  else if (empty)
    content = (
      <Typography variant="body2" color="text.secondary">
        {emptyText}
      </Typography>
    );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component={`h${headingLevel}`}
        variant={titleVariant ?? HEADING_VARIANT[headingLevel]}
        sx={{ fontWeight: 600, mb: headingLevel === 2 ? 2 : 1 }}
      >
        {title}
      </Typography>
      {content}
    </Box>
  );
}
