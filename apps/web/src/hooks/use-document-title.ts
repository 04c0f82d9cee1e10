import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Titles the browser tab "<page> · Kiosk", so tabs and history entries say where they lead. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const brand = t('shell.brand');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${brand}` : brand;
  }, [pageTitle, brand]);
}
