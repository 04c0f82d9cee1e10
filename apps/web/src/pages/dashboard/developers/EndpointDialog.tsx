import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@kiosk/contracts';
import { isWebhookEventPattern } from '@kiosk/contracts/webhook-rules';
import { FormDialog, FormTextField, FormWebAddressField } from '@kiosk/react/ui';
import { EVENT_PATTERN_OPTIONS, EVERY_EVENT } from './event-types.ts';
import { EndpointSecret } from './EndpointSecret.tsx';

interface EndpointValues {
  url: string;
  enabled_events: string[];
  description: string;
}

export interface EndpointChange {
  url: string;
  enabled_events: string[];
  description: string | null;
}

export interface EndpointDialogProps {
  /** The endpoint to edit; without it the dialog adds one and shows its secret once. */
  endpoint?: WebhookEndpoint;
  onSave: (change: EndpointChange) => Promise<WebhookEndpoint | WebhookEndpointWithSecret>;
  /** Unmounts the dialog, so a secret it showed is gone from memory. */
  onClose: () => void;
}

const FIELDS = ['url', 'enabled_events', 'description'] as const;

/**
 * Add or edit a webhook endpoint: its URL, the events it hears (known types, groups such as
 * `charge.*`, `*`, or a type typed by hand), and a description. The rules are the contract's, so the
 * form refuses what the server would; what only the server knows (a private address) it says in place.
 * On add, the same dialog then shows the signing secret, this once.
 */
export function EndpointDialog({ endpoint, onSave, onClose }: EndpointDialogProps) {
  const { t } = useTranslation();
  const optionLabel = (pattern: string) => {
    if (pattern === EVERY_EVENT) return t('developers.endpointForm.everyEvent');
    if (pattern.endsWith('.*'))
      return t('developers.endpointForm.group', { pattern, group: pattern.slice(0, -2) });
    return pattern;
  };

  return (
    <FormDialog<EndpointValues, WebhookEndpoint | WebhookEndpointWithSecret>
      title={t(endpoint ? 'developers.endpointForm.editTitle' : 'developers.endpointForm.addTitle')}
      description={t('developers.endpointForm.description')}
      fullScreenOnPhone
      defaultValues={{
        url: endpoint?.url ?? '',
        enabled_events: endpoint?.enabled_events ?? [],
        description: endpoint?.description ?? '',
      }}
      submitLabel={t(endpoint ? 'developers.endpointForm.save' : 'developers.endpointForm.add')}
      errorTitle={t('developers.endpointForm.failed')}
      fieldOfPath={(path) =>
        FIELDS.find((field) => path === `body.${field}` || path.startsWith(`body.${field}.`))
      }
      onSubmit={({ url, enabled_events, description }) =>
        onSave({ url: url.trim(), enabled_events, description: description.trim() || null })
      }
      result={
        endpoint
          ? undefined
          : {
              title: t('developers.secret.createdTitle'),
              doneLabel: t('developers.secret.done'),
              render: (created) => ('secret' in created ? <EndpointSecret endpoint={created} /> : null),
            }
      }
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormWebAddressField
            control={control}
            name="url"
            label={t('developers.endpointForm.url')}
            hint={t('developers.endpointForm.urlHint')}
            required
          />
          <Controller
            control={control}
            name="enabled_events"
            rules={{
              validate: (events) => {
                if (events.length === 0) return t('developers.endpointForm.eventsRequired');
                const bad = events.find((pattern) => !isWebhookEventPattern(pattern));
                return bad === undefined || `${bad}: ${t('validation.webhookEventPattern')}`;
              },
            }}
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                freeSolo
                autoHighlight
                options={EVENT_PATTERN_OPTIONS}
                getOptionLabel={optionLabel}
                value={field.value}
                onChange={(_, value) =>
                  field.onChange(value.map((pattern) => pattern.trim()).filter(Boolean))
                }
                onBlur={field.onBlur}
                renderValue={(value, getItemProps) =>
                  value.map((pattern, index) => {
                    const { key, ...item } = getItemProps({ index });
                    return <Chip key={key} size="small" label={pattern} {...item} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={t('developers.endpointForm.events')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? t('developers.endpointForm.eventsHint')}
                  />
                )}
              />
            )}
          />
          <FormTextField
            control={control}
            name="description"
            label={t('developers.endpointForm.note')}
            hint={t('developers.endpointForm.noteHint')}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </>
      )}
    </FormDialog>
  );
}
