import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentItem } from './CommentItem.tsx';
import { COMMENTS_PAGE_SIZE, useAppComments, type CommentSort } from './use-app-feedback.ts';

const SORT_LABELS: Record<CommentSort, string> = {
  newest: 'appFeedback.comments.newest',
  helpful: 'appFeedback.comments.helpful',
};

function CommentsSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={2} role="status" aria-busy="true" aria-label={label}>
      {[0, 1].map((row) => (
        <Box key={row}>
          <Skeleton variant="text" sx={{ maxWidth: 220 }} />
          <Skeleton variant="rounded" height={48} />
        </Box>
      ))}
    </Stack>
  );
}

/** The app's comments, newest or most helpful first, with a composer for the signed-in visitor. */
export function CommentsPanel({
  did,
  signedIn,
  headingId,
}: {
  did: string;
  signedIn: boolean;
  headingId: string;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<CommentSort>('newest');
  const [shown, setShown] = useState(COMMENTS_PAGE_SIZE);
  const comments = useAppComments(did, sort, shown);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography id={headingId} component="h3" variant="h6" sx={{ fontWeight: 600 }}>
          {t('appFeedback.comments.heading')}
          {comments.data ? ` (${comments.data.count})` : ''}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={sort}
          aria-label={t('appFeedback.comments.sort')}
          onChange={(_event, value: CommentSort | null) => {
            if (value) {
              setSort(value);
              setShown(COMMENTS_PAGE_SIZE);
            }
          }}
        >
          {(Object.keys(SORT_LABELS) as CommentSort[]).map((key) => (
            <ToggleButton key={key} value={key}>
              {t(SORT_LABELS[key])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>

      {signedIn ? (
        <CommentComposer did={did} label={t('appFeedback.comments.write')} />
      ) : (
        <Typography color="text.secondary">{t('appFeedback.comments.signIn')}</Typography>
      )}

      {comments.isPending ? (
        <CommentsSkeleton label={t('appFeedback.comments.loading')} />
      ) : comments.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void comments.refetch()}>
              {t('appFeedback.comments.retry')}
            </Button>
          }
        >
          {t('appFeedback.comments.loadFailed')} {comments.error.message}
        </Alert>
      ) : comments.data.list.length === 0 ? (
        <Typography color="text.secondary">{t('appFeedback.comments.empty')}</Typography>
      ) : (
        <Stack component="ol" spacing={3} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {comments.data.list.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} signedIn={signedIn} />
            </li>
          ))}
        </Stack>
      )}
      {comments.data && comments.data.count > comments.data.list.length && (
        <Button
          onClick={() => setShown(shown + COMMENTS_PAGE_SIZE)}
          loading={comments.isFetching}
          sx={{ alignSelf: 'center' }}
        >
          {t('appFeedback.comments.more')}
        </Button>
      )}
    </Stack>
  );
}
