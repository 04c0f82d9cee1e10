import { joinMessages } from '@kiosk/core/i18n/join';
import { useScreenMessages } from '@kiosk/react';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { JOIN_REQUEST_MESSAGE_MAX_LENGTH as MESSAGE_MAX, JoinRequest } from '@kiosk/contracts';
import { StatusOutcome } from '../../components/StatusOutcome.tsx';
import { TaskPage } from '../../components/TaskPage.tsx';
import { SignInButton } from '../../components/auth/SignInButton.tsx';
import { useSession } from '../../hooks/use-session.ts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { DEVELOPER_ROLES, hasAnyRole } from '../../lib/roles.ts';
import {
  useMyJoinRequest,
  useSessionRefreshOnMount,
  useSubmitJoinRequest,
  useWithdrawJoinRequest,
} from './use-join-request.ts';

// The contract's limit; named here because @kiosk/contracts' values bring zod into the browser.
const JOIN_REQUEST_MESSAGE_MAX_LENGTH: typeof MESSAGE_MAX = 500;
/** Seed 001: "A developer must tick agreement to the terms". Each is one plain sentence. */
const TERMS = ['rights', 'safe', 'honest', 'blocking', 'appKey'] as const;

interface JoinFormValues {
  agreed: boolean;
  message: string;
}

function LoadingSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width="60%" height={32} />
      <Skeleton variant="text" width="100%" />
      <Skeleton variant="text" width="90%" />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="rounded" height={40} />
    </Stack>
  );
}

/** Where a developer goes next: their apps and their access tokens. */
function DeveloperLinks({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation();
  return (
    <StatusOutcome icon={<CheckCircleOutlineIcon color="success" />} title={title} hint={hint}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignSelf: { xs: 'stretch', sm: 'auto' } }}
      >
        <Button component={RouterLink} to="/developer/apps" variant="contained">
          {t('join.link.apps')}
        </Button>
        <Button component={RouterLink} to="/developer/access-tokens" variant="outlined">
          {t('join.link.tokens')}
        </Button>
      </Stack>
    </StatusOutcome>
  );
}

function ApprovedRequest() {
  const { t } = useTranslation();
  useSessionRefreshOnMount();
  return <DeveloperLinks title={t('join.approved.title')} hint={t('join.approved.hint')} />;
}

function PendingRequest({ request }: { request: JoinRequest }) {
  const { t, i18n } = useTranslation();
  const withdraw = useWithdrawJoinRequest(request.did);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <HourglassEmptyIcon color="action" aria-hidden />
        <Typography component="h2" variant="h6">
          {t('join.pending.title')}
        </Typography>
      </Stack>
      <Typography>
        {t('join.pending.sent', { time: formatUnixTime(request.created_at, i18n.language) })}{' '}
        {t('join.pending.hint')}
      </Typography>
      {request.message && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('join.pending.yourMessage')}
          </Typography>
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Typography>
        </Box>
      )}
      {withdraw.isError && (
        <Alert severity="error">{t('join.withdrawFailed', { error: withdraw.error.message })}</Alert>
      )}
      <Box>
        <Button
          variant="outlined"
          color="inherit"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate()}
        >
          {t('join.withdraw')}
        </Button>
      </Box>
    </Stack>
  );
}

function JoinForm({ did, previous }: { did: string; previous: JoinRequest | null }) {
  const { t } = useTranslation();
  const termsTitleId = useId();
  const agreeErrorId = useId();
  const submit = useSubmitJoinRequest(did);
  const { control, handleSubmit } = useForm<JoinFormValues>({
    defaultValues: { agreed: false, message: '' },
  });
  const send = handleSubmit((values) => submit.mutate(values.message.trim()));

  return (
    <Stack spacing={2.5}>
      {previous?.status === 'declined' && <Alert severity="info">{t('join.declined')}</Alert>}
      {previous?.status === 'withdrawn' && <Alert severity="info">{t('join.withdrawn')}</Alert>}
      <Box component="section" aria-labelledby={termsTitleId}>
        <Typography id={termsTitleId} component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('join.terms.title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('join.terms.intro')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}>
          {TERMS.map((term) => (
            <Typography key={term} component="li">
              {t(`join.terms.${term}`)}
            </Typography>
          ))}
        </Box>
      </Box>
      <form onSubmit={(event) => void send(event)} noValidate>
        <Stack spacing={2.5}>
          <Controller
            name="agreed"
            control={control}
            // Checked once the user submits, then as they tick: never before they act.
            rules={{ validate: (agreed) => agreed || t('validation.termsRequired') }}
            render={({ field, fieldState }) => (
              <FormControl required error={Boolean(fieldState.error)}>
                <FormControlLabel
                  label={t('join.agree')}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-invalid': Boolean(fieldState.error),
                          'aria-describedby': fieldState.error ? agreeErrorId : undefined,
                        },
                      }}
                    />
                  }
                />
                {fieldState.error && (
                  <FormHelperText id={agreeErrorId} sx={{ mx: 0 }}>
                    {fieldState.error.message}
                  </FormHelperText>
                )}
              </FormControl>
            )}
          />
          <Controller
            name="message"
            control={control}
            render={({ field }) => (
              <TextField
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label={t('join.message')}
                helperText={t('join.messageHint')}
                multiline
                minRows={3}
                fullWidth
                slotProps={{ htmlInput: { maxLength: JOIN_REQUEST_MESSAGE_MAX_LENGTH } }}
              />
            )}
          />
          {submit.isError && (
            <Alert severity="error">{t('join.submitFailed', { error: submit.error.message })}</Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={submit.isPending}>
              {t('join.submit')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Stack>
  );
}

function JoinRequestState({ did }: { did: string }) {
  const { t } = useTranslation();
  const mine = useMyJoinRequest(did);
  if (mine.isPending) return <LoadingSkeleton label={t('join.loading')} />;
  if (mine.isError)
    return (
      <StatusOutcome icon={<ErrorOutlineIcon />} title={t('join.loadFailed')} hint={mine.error.message}>
        <Button variant="outlined" onClick={() => void mine.refetch()}>
          {t('join.retry')}
        </Button>
      </StatusOutcome>
    );
  const request = mine.data;
  if (request?.status === 'pending') return <PendingRequest request={request} />;
  if (request?.status === 'approved') return <ApprovedRequest />;
  return <JoinForm did={did} previous={request} />;
}

/**
 * `/join` (seed 001 §2, issue 12 item 7): a signed-in user asks to become a developer, the terms
 * ticked, and an admin approves (docs/identity.md §3). Public, so that a visitor not signed in is
 * told why to sign in rather than bounced.
 */
export function JoinPage() {
  useScreenMessages(joinMessages);
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user;

  let body: ReactNode;
  if (session.isPending) body = <LoadingSkeleton label={t('join.loading')} />;
  else if (!session.data && session.isError)
    body = (
      <StatusOutcome icon={<ErrorOutlineIcon />} title={t('join.loadFailed')} hint={session.error.message}>
        <Button variant="outlined" onClick={() => void session.refetch()}>
          {t('join.retry')}
        </Button>
      </StatusOutcome>
    );
  else if (!user)
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('join.signInNeeded')}</Typography>
        <SignInButton />
      </Stack>
    );
  else if (hasAnyRole(user, DEVELOPER_ROLES))
    body = <DeveloperLinks title={t('join.developer.title')} hint={t('join.developer.hint')} />;
  else body = <JoinRequestState key={user.did} did={user.did} />;

  return (
    <TaskPage icon={GroupAddIcon} title={t('page.screen.join')} description={t('join.description')}>
      {body}
    </TaskPage>
  );
}
