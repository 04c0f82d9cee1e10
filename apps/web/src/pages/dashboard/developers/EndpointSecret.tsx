import { useTranslation } from 'react-i18next';
import type { WebhookEndpointWithSecret } from '@kiosk/contracts';
import { SecretShownOnce } from '../../../components/SecretShownOnce.tsx';

/** An endpoint's signing secret, the one time the server answers it (on add and on roll). */
export function EndpointSecret({ endpoint }: { endpoint: WebhookEndpointWithSecret }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      secret={endpoint.secret}
      label={t('developers.secret.label', { url: endpoint.url })}
      warning={t('developers.secret.warning')}
      copyLabel={t('developers.secret.copy')}
    />
  );
}
