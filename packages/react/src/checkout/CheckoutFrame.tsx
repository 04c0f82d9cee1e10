import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession } from '@kiosk/contracts';
import { isMinimal, type CheckoutLayout } from './layouts.ts';
import { PoweredBy } from './states/PoweredBy.tsx';

export interface CheckoutFrameProps {
  layout: CheckoutLayout;
  session: CheckoutSession;
  title: string;
  goBack?: () => void;
  summary: ReactNode;
  payment: ReactNode;
}

/**
 * Standalone fills a page: the summary beside the payment form, stacked on small screens. Inline fits
 * a host's column: one card, the summary above the form.
 */
export function CheckoutFrame({ layout, session, title, goBack, summary, payment }: CheckoutFrameProps) {
  const { t } = useTranslation();
  const withSummary = !isMinimal(layout);
  const standalone = layout.startsWith('standalone');

  const heading = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      {goBack && (
        <IconButton onClick={goBack} aria-label={t('checkout.back')} edge="start">
          <ArrowBackIcon />
        </IconButton>
      )}
      <Typography variant={standalone ? 'h5' : 'h6'} component="h1" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      {!session.livemode && <Chip size="small" color="warning" label={t('checkout.testMode')} />}
    </Stack>
  );

  if (!standalone) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-layout={layout}>
        {heading}
        <Stack spacing={3}>
          {withSummary && summary}
          {payment}
        </Stack>
      </Paper>
    );
  }
  return (
    <Box
      data-layout={layout}
      sx={{
        maxWidth: withSummary ? 1040 : 520,
        mx: 'auto',
        px: { xs: 2, md: 4 },
        py: { xs: 2, md: 6 },
      }}
    >
      {heading}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: withSummary ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          },
          gap: { xs: 3, md: 8 },
          alignItems: 'start',
        }}
      >
        {withSummary && summary}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {payment}
        </Paper>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 4 }}>
        <PoweredBy />
      </Box>
    </Box>
  );
}
