import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '@kiosk/react/ui';
import { COMMENT_MAX_LENGTH } from './CommentDialogs.tsx';
import { usePostComment } from './use-app-feedback.ts';

export interface CommentComposerProps {
  did: string;
  /** Answer this comment; a new comment without it. */
  parentId?: string;
  label: string;
  onDone?: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** Writes a comment or a reply; the server's refusal (a rate limit …) is said under the field. */
export function CommentComposer({ did, parentId, label, onDone, onCancel, autoFocus }: CommentComposerProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [blank, setBlank] = useState(false);
  const post = usePostComment(did);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setBlank(true);
      return;
    }
    post.mutate(
      { body: body.trim(), ...(parentId ? { parent_id: parentId } : {}) },
      {
        onSuccess: () => {
          setBody('');
          onDone?.();
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={1} onSubmit={submit} noValidate>
      <TextField
        label={label}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setBlank(false);
        }}
        error={blank}
        helperText={blank ? t('validation.commentBody') : t('appFeedback.comments.writeHint')}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        multiline
        minRows={parentId ? 2 : 3}
        fullWidth
        autoFocus={autoFocus}
        disabled={post.isPending}
      />
      {post.isError && (
        <Alert severity="error">{errorMessage(post.error, t('appFeedback.comments.loadFailed'))}</Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={post.isPending}>
            {t('appFeedback.comments.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={post.isPending}>
          {parentId ? t('appFeedback.comments.reply') : t('appFeedback.comments.post')}
        </Button>
      </Stack>
    </Stack>
  );
}
