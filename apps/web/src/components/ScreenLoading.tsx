import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from './CenteredSpinner.tsx';

/** What a lazily loaded screen shows while its code downloads. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return <CenteredSpinner label={t('common.loading')} />;
}
