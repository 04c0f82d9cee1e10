import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, shortDid } from '@kiosk/react/ui';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { DeleteCommentDialog, EditCommentDialog, ReportCommentDialog } from './CommentDialogs.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { renderMarkdown } from './markdown.tsx';
import { useMarkHelpful, type CommentThread } from './use-app-feedback.ts';

type Comment = Omit<CommentThread, 'replies'> & { replies?: CommentThread['replies'] };
type Open = 'edit' | 'delete' | 'report' | 'reply' | null;

/** A comment or a reply: who wrote it and when, its Markdown, and what the visitor may do with it. */
export function CommentItem({ comment, signedIn }: { comment: Comment; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const [reported, setReported] = useState(false);
  const helpful = useMarkHelpful(comment.app_did);
  const isReply = comment.parent_id !== null;
  const close = () => setOpen(null);
  const author = shortDid(comment.author_did, { method: true });

  return (
    <Box component="article" aria-label={author} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
          {author}
        </Typography>
        {comment.by_developer && (
          <Chip size="small" color="primary" label={t('appFeedback.comments.developer')} />
        )}
        <Typography variant="caption" color="text.secondary">
          {formatUnixTime(comment.created_at, i18n.language)}
          {comment.edited_at !== null && ` · ${t('appFeedback.comments.edited')}`}
        </Typography>
      </Stack>
      {comment.hidden && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('appFeedback.comments.hidden', { reason: comment.hidden_reason ?? '' })}
        </Alert>
      )}
      <Box sx={{ overflowWrap: 'anywhere', '& p': { my: 1 }, '& ul': { my: 1, pl: 3 } }}>
        {renderMarkdown(comment.body)}
      </Box>
      <Stack
        direction="row"
        spacing={0.5}
        role="group"
        aria-label={t('appFeedback.comments.actions')}
        sx={{ flexWrap: 'wrap', rowGap: 0.5, ml: -1 }}
      >
        <Button
          size="small"
          aria-pressed={comment.helpful}
          disabled={!signedIn || comment.mine || helpful.isPending}
          onClick={() => helpful.mutate({ id: comment.id, helpful: !comment.helpful })}
        >
          {t('appFeedback.comments.markHelpful', { count: comment.helpful_count })}
        </Button>
        {signedIn && !isReply && !comment.hidden && (
          <Button
            size="small"
            aria-expanded={open === 'reply'}
            onClick={() => setOpen(open === 'reply' ? null : 'reply')}
          >
            {t('appFeedback.comments.reply')}
          </Button>
        )}
        {comment.mine && (
          <>
            <Button size="small" onClick={() => setOpen('edit')}>
              {t('appFeedback.comments.edit')}
            </Button>
            <Button size="small" color="error" onClick={() => setOpen('delete')}>
              {t('appFeedback.comments.delete')}
            </Button>
          </>
        )}
        {signedIn && !comment.mine && (
          <Button size="small" color="inherit" disabled={reported} onClick={() => setOpen('report')}>
            {t('appFeedback.comments.report')}
          </Button>
        )}
      </Stack>
      {helpful.isError && (
        <Alert severity="error">{errorMessage(helpful.error, t('appFeedback.comments.loadFailed'))}</Alert>
      )}
      {reported && (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('appFeedback.report.sent')}
        </Typography>
      )}
      {open === 'reply' && (
        <Box sx={{ mt: 1 }}>
          <CommentComposer
            did={comment.app_did}
            parentId={comment.id}
            label={t('appFeedback.comments.replyTo')}
            onDone={close}
            onCancel={close}
            autoFocus
          />
        </Box>
      )}
      {comment.replies && comment.replies.length > 0 && (
        <Stack
          component="ol"
          spacing={2}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 1,
            pl: { xs: 1.5, sm: 3 },
            borderLeft: 2,
            borderColor: 'divider',
          }}
        >
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} signedIn={signedIn} />
            </li>
          ))}
        </Stack>
      )}
      {open === 'edit' && <EditCommentDialog comment={comment} onClose={close} />}
      {open === 'delete' && <DeleteCommentDialog comment={comment} onClose={close} />}
      {open === 'report' && (
        <ReportCommentDialog comment={comment} onClose={close} onReported={() => setReported(true)} />
      )}
    </Box>
  );
}
