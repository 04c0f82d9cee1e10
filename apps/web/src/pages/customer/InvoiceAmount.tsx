import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { Invoice } from '@kiosk/contracts';

const AMOUNT = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * An invoice's total in a list. Seed 001 §2: a void invoice shows it struck through, with the tooltip
 * 'no payment required'. The struck amount takes focus, so a keyboard reaches the tooltip too, and the
 * tooltip describes it, so screen readers (which do not announce a strike) hear why.
 */
export function InvoiceAmount({ status, text }: { status: Invoice['status']; text: string }) {
  const { t } = useTranslation();
  if (status !== 'void')
    return (
      <Box component="span" sx={AMOUNT}>
        {text}
      </Box>
    );
  return (
    <Tooltip title={t('portal.invoices.noPaymentRequired')} describeChild>
      <Box component="s" tabIndex={0} data-testid="void-amount" sx={{ ...AMOUNT, color: 'text.secondary' }}>
        {text}
      </Box>
    </Tooltip>
  );
}
