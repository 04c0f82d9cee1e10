import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@kiosk/contracts';
import { ConfirmDialog, DialogFrame, errorMessage, type RowAction } from '@kiosk/react/ui';
import { EndpointDialog } from './EndpointDialog.tsx';
import { EndpointSecret } from './EndpointSecret.tsx';
import { useEndpointChanges } from './use-developers.ts';

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'delete' | 'roll'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; endpoint: WebhookEndpointWithSecret };

export interface EndpointActions {
  openAdd: () => void;
  /** Edit, Disable or Enable, Roll secret and Delete for one endpoint, each naming it for screen readers. */
  actionsFor: (endpoint: WebhookEndpoint) => RowAction[];
  /** The open dialog, if any, and why the last Disable or Enable failed. */
  dialogs: ReactNode;
  notice: ReactNode;
}

/**
 * What a merchant can do to the endpoints of a mode, for the list's rows and the endpoint's own page
 * alike: the dialogs are the kit's, and a rolled secret is shown once in a dialog of its own.
 */
export function useEndpointActions(livemode: boolean, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation();
  const changes = useEndpointChanges(livemode);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const rolled = useRef<WebhookEndpointWithSecret | null>(null);
  const close = () => setDialog(null);
  const toggling = changes.update.isPending ? changes.update.variables?.id : undefined;

  const toggle = (endpoint: WebhookEndpoint) => {
    setToggleError(null);
    changes.update
      .mutateAsync({ id: endpoint.id, body: { disabled: !endpoint.disabled } })
      .catch((error: unknown) =>
        setToggleError(
          t('developers.webhooks.toggleFailed', { reason: errorMessage(error, t('developers.tryAgain')) }),
        ),
      );
  };

  const actionsFor = (endpoint: WebhookEndpoint): RowAction[] => {
    const url = endpoint.url;
    return [
      {
        label: t('developers.webhooks.edit'),
        ariaLabel: t('developers.webhooks.editNamed', { url }),
        onClick: () => setDialog({ kind: 'edit', endpoint }),
      },
      {
        label: t(endpoint.disabled ? 'developers.webhooks.enable' : 'developers.webhooks.disable'),
        ariaLabel: t(
          endpoint.disabled ? 'developers.webhooks.enableNamed' : 'developers.webhooks.disableNamed',
          {
            url,
          },
        ),
        loading: toggling === endpoint.id,
        disabled: toggling !== undefined,
        onClick: () => toggle(endpoint),
      },
      {
        label: t('developers.webhooks.roll'),
        ariaLabel: t('developers.webhooks.rollNamed', { url }),
        onClick: () => setDialog({ kind: 'roll', endpoint }),
      },
      {
        label: t('developers.webhooks.delete'),
        ariaLabel: t('developers.webhooks.deleteNamed', { url }),
        color: 'error',
        onClick: () => setDialog({ kind: 'delete', endpoint }),
      },
    ];
  };

  let dialogs: ReactNode = null;
  if (dialog?.kind === 'add' || dialog?.kind === 'edit') {
    const endpoint = dialog.kind === 'edit' ? dialog.endpoint : undefined;
    dialogs = (
      <EndpointDialog
        endpoint={endpoint}
        onSave={(body) =>
          endpoint ? changes.update.mutateAsync({ id: endpoint.id, body }) : changes.create.mutateAsync(body)
        }
        onClose={close}
      />
    );
  } else if (dialog?.kind === 'delete')
    dialogs = (
      <ConfirmDialog
        title={t('developers.delete.title')}
        message={t('developers.delete.message', { url: dialog.endpoint.url })}
        confirmLabel={t('developers.delete.confirm')}
        tone="danger"
        onConfirm={() => changes.remove.mutateAsync(dialog.endpoint.id)}
        onConfirmed={() => {
          close();
          onDeleted?.();
        }}
        onClose={close}
      />
    );
  else if (dialog?.kind === 'roll')
    dialogs = (
      <ConfirmDialog
        title={t('developers.roll.title')}
        message={t('developers.roll.message', { url: dialog.endpoint.url })}
        confirmLabel={t('developers.roll.confirm')}
        tone="warning"
        onConfirm={async () => {
          rolled.current = await changes.roll.mutateAsync(dialog.endpoint.id);
        }}
        onConfirmed={() => setDialog({ kind: 'secret', endpoint: rolled.current! })}
        onClose={close}
      />
    );
  else if (dialog?.kind === 'secret')
    dialogs = (
      <RolledSecretDialog
        endpoint={dialog.endpoint}
        onClose={() => {
          rolled.current = null;
          close();
        }}
      />
    );

  return {
    openAdd: () => setDialog({ kind: 'add' }),
    actionsFor,
    dialogs,
    notice: toggleError && (
      <Alert severity="error" sx={{ mb: 2 }} onClose={() => setToggleError(null)}>
        {toggleError}
      </Alert>
    ),
  } satisfies EndpointActions;
}

/** A rolled secret, shown once: a click beside the dialog does not lose it, only Done or Escape does. */
function RolledSecretDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointWithSecret;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={t('developers.secret.rolledTitle')}
      keepOnBackdropClick
      fullScreenOnPhone
      onClose={onClose}
    >
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <EndpointSecret endpoint={endpoint} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('developers.secret.done')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
