import { useTranslation } from 'react-i18next';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import type { Invoice } from '@kiosk/contracts';
import { kioskClient } from '../lib/api.ts';

/**
 * The invoice as a PDF in the reader's language (`GET /api/invoices/{id}/pdf`), for its merchant and
 * its buyer alike: a plain link the browser downloads with the page's own session, in the invoice's
 * mode, so it works from the keyboard and a screen reader as any link does.
 */
export function InvoicePdfLink({ invoice }: { invoice: Pick<Invoice, 'id' | 'number' | 'livemode'> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const { url } = kioskClient.prepare('GET /api/invoices/:id/pdf', {
    params: { id: invoice.id },
    query: { livemode: invoice.livemode, lang },
  });
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlinedIcon />}
      href={url}
      download={`${invoice.number || invoice.id}.pdf`}
    >
      {t('page.invoice.downloadPdf')}
    </Button>
  );
}
