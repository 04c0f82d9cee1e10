import { consoleCommentsMessages } from '@kiosk/core/i18n/console-comments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { type DataTableColumn, useScreenMessages } from '@kiosk/react';
import { ListPage, actionsColumn, listStateOf, shortDid, useListParams } from '@kiosk/react/ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ConsoleNav } from '../ConsoleNav.tsx';
import { CommentCell, StatusCell } from './CommentCells.tsx';
import { HideCommentDialog, UnhideCommentDialog } from './ModerationDialogs.tsx';
import { ReportsSummary } from './ReportsSummary.tsx';
import { useAppTitles, useReportedComments, type ReportedComment } from './use-reported-comments.ts';

type Open = { kind: 'hide' | 'unhide'; comment: ReportedComment } | null;

/**
 * `/console/comments` (issue 24 item 5: admins hide a comment with a reason; report abuse): the
 * comments users reported and not hidden yet, latest reported first, each with its app, its author,
 * an excerpt of its Markdown drawn safely, and its reports; Hide asks the reason its author reads,
 * Unhide (for a row hidden here) asks first.
 */
export function ReportedCommentsPage() {
  useScreenMessages(consoleCommentsMessages);
  const { t } = useTranslation();
  const list = useListParams(useSearchParams());
  const reported = useReportedComments(list.page, list.pageSize);
  const titles = useAppTitles(reported.data?.list.map((comment) => comment.app_did) ?? []);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<'hidden' | 'unhidden' | null>(null);
  const title = t('consoleComments.title');
  useDocumentTitle(title);

  const appOf = (comment: ReportedComment) =>
    titles.get(comment.app_did) ?? shortDid(comment.app_did, { method: true });
  const authorOf = (comment: ReportedComment) => shortDid(comment.author_did, { method: true });
  const names = (comment: ReportedComment) => ({ author: authorOf(comment), app: appOf(comment) });

  const columns: DataTableColumn<ReportedComment>[] = [
    {
      key: 'app',
      label: t('consoleComments.app'),
      render: (comment) => (
        <Link
          component={RouterLink}
          to={`/apps/${encodeURIComponent(comment.app_did)}`}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {appOf(comment)}
        </Link>
      ),
    },
    {
      key: 'comment',
      label: t('consoleComments.comment'),
      width: '40%',
      render: (comment) => <CommentCell comment={comment} author={authorOf(comment)} />,
    },
    {
      key: 'reports',
      label: t('consoleComments.reports'),
      render: (comment) => <ReportsSummary comment={comment} />,
    },
    {
      key: 'status',
      label: t('consoleComments.status'),
      render: (comment) => <StatusCell comment={comment} />,
    },
    actionsColumn(t('consoleComments.actions'), (comment) => [
      comment.hidden
        ? {
            label: t('consoleComments.unhide'),
            ariaLabel: t('consoleComments.unhideNamed', names(comment)),
            onClick: () => setOpen({ kind: 'unhide', comment }),
          }
        : {
            label: t('consoleComments.hide'),
            ariaLabel: t('consoleComments.hideNamed', names(comment)),
            color: 'warning',
            onClick: () => setOpen({ kind: 'hide', comment }),
          },
    ]),
  ];

  const dialogProps = open && {
    commentId: open.comment.id,
    ...names(open.comment),
    onClose: () => setOpen(null),
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ConsoleNav />
      <ListPage
        title={title}
        description={t('consoleComments.description')}
        notice={
          <Box role="status" sx={{ mb: notice ? 2 : 0 }}>
            {notice && (
              <Alert severity="success" onClose={() => setNotice(null)}>
                {t(notice === 'hidden' ? 'consoleComments.hiddenNotice' : 'consoleComments.unhiddenNotice')}
              </Alert>
            )}
          </Box>
        }
        params={list}
        columns={columns}
        getRowKey={(comment) => comment.id}
        emptyText={t('consoleComments.empty')}
        {...listStateOf(reported)}
      >
        {open?.kind === 'hide' && dialogProps && (
          <HideCommentDialog
            key={open.comment.id}
            {...dialogProps}
            onDone={() => {
              setNotice('hidden');
              setOpen(null);
            }}
          />
        )}
        {open?.kind === 'unhide' && dialogProps && (
          <UnhideCommentDialog
            key={open.comment.id}
            {...dialogProps}
            onDone={() => {
              setNotice('unhidden');
              setOpen(null);
            }}
          />
        )}
      </ListPage>
    </Container>
  );
}
