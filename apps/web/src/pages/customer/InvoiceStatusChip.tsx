import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Invoice } from '@kiosk/contracts';

// Seed 000 §4: paid is success, open secondary, uncollectible warning, draft and void default.
const COLOURS: Record<Invoice['status'], ChipProps['color']> = {
  paid: 'success',
  open: 'secondary',
  uncollectible: 'warning',
  draft: 'default',
  void: 'default',
};

/** An invoice's status, coloured as every invoice screen shows it. */
export function InvoiceStatusChip({ status }: { status: Invoice['status'] }) {
  const { t } = useTranslation();
  return <Chip label={t(`page.invoice.status.${status}`)} color={COLOURS[status]} size="small" />;
}
