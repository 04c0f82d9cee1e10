import { useTranslation } from 'react-i18next';
import { ACCESS_TOKEN_NAME_MAX_LENGTH, checkAccessTokenName } from '@kiosk/core';
import type { AccessTokenPermission, CreatedAccessToken } from '@kiosk/contracts';
import { FormDialog, FormRadioGroup, FormTextField, shortDid } from '@kiosk/react/ui';
import { SecretShownOnce } from '../../components/SecretShownOnce.tsx';
import {
  ALL_APPS,
  EMPTY_ACCESS_TOKEN_FORM,
  EXPIRY_DAYS,
  createAccessTokenBody,
  type AccessTokenFormValues,
} from './access-token-form.ts';
import { useCreateAccessToken, useDeveloperApps } from './use-access-tokens.ts';

// The contract's permissions; named here because @kiosk/contracts' values bring zod into the browser.
const ACCESS_TOKEN_PERMISSIONS = ['publish', 'read'] as const satisfies readonly AccessTokenPermission[];

// Native selects: a phone's own picker, and a plain combobox for keyboards and screen readers.
const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

export interface CreateAccessTokenDialogProps {
  /** Also drops the secret: the parent unmounts this dialog on close, so the secret is gone from memory. */
  onClose: () => void;
}

/** "New token" (issue 12 item 3): a name, one app or all, publish or read, and a lifetime. */
export function CreateAccessTokenDialog({ onClose }: CreateAccessTokenDialogProps) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const apps = useDeveloperApps();

  return (
    <FormDialog<AccessTokenFormValues, CreatedAccessToken>
      title={t('developer.tokens.createTitle')}
      defaultValues={EMPTY_ACCESS_TOKEN_FORM}
      submitLabel={t('developer.tokens.create')}
      onSubmit={(values) => create.mutateAsync(createAccessTokenBody(values))}
      result={{
        title: t('developer.tokens.createdTitle'),
        doneLabel: t('developer.tokens.done'),
        render: (created) => (
          <SecretShownOnce
            secret={created.secret}
            label={t('developer.tokens.secretLabel', { name: created.name })}
            warning={t('developer.tokens.secretWarning')}
            copyLabel={t('developer.tokens.copySecret')}
          />
        ),
      }}
      onClose={onClose}
    >
      {({ control }) => (
        <>
          <FormTextField
            control={control}
            name="name"
            rules={{
              validate: (name) => {
                // The server's own rule (the contract's `accessTokenName`), in the visitor's language.
                const problem = checkAccessTokenName(name);
                return problem ? t(problem.key, problem.params) : true;
              },
            }}
            label={t('developer.tokens.name')}
            hint={t('developer.tokens.nameHint')}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: ACCESS_TOKEN_NAME_MAX_LENGTH } }}
          />
          <FormTextField
            control={control}
            name="scope"
            select
            label={t('developer.tokens.scope')}
            fullWidth
            error={apps.isError}
            hint={t(apps.isError ? 'developer.tokens.appsLoadFailed' : 'developer.tokens.scopeHint')}
            slotProps={NATIVE_SELECT}
          >
            <option value={ALL_APPS}>{t('developer.tokens.allApps')}</option>
            {(apps.data?.list ?? []).map((app) => (
              <option key={app.did} value={app.did}>
                {`${app.title || app.name} (${shortDid(app.did, { method: true })})`}
              </option>
            ))}
          </FormTextField>
          <FormRadioGroup
            control={control}
            name="permission"
            label={t('developer.tokens.permission')}
            row
            options={ACCESS_TOKEN_PERMISSIONS.map((permission) => ({
              value: permission,
              label: t(`developer.tokens.permission.${permission}`),
            }))}
          />
          <FormTextField
            control={control}
            name="expiryDays"
            select
            parse={Number}
            label={t('developer.tokens.expiresIn')}
            fullWidth
            slotProps={NATIVE_SELECT}
          >
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('developer.tokens.days', { days })}
              </option>
            ))}
          </FormTextField>
        </>
      )}
    </FormDialog>
  );
}
