import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KioskSettings, Subscription } from '@kiosk/contracts';
import { formatUnixTime } from '../../lib/format-unix-time.ts';
import { portalPath } from './portal-mode.ts';
import { SubscriptionStatusChip } from './SubscriptionStatusChip.tsx';
import { priceText, scheduleText } from './subscription-text.ts';
import { subscriptionSchedule } from './subscription-view.ts';

export interface SubscriptionCardProps {
  subscription: Subscription;
  name: string;
  settings: KioskSettings | undefined;
  livemode: boolean;
  now: number;
}

/**
 * One subscription on the portal: its plan, status, price per period and what comes next (a trial's
 * countdown, the next invoice, or the cancel date). The whole card is one link to its page.
 */
export function SubscriptionCard({ subscription, name, settings, livemode, now }: SubscriptionCardProps) {
  const { t, i18n } = useTranslation();
  const schedule = subscriptionSchedule(subscription, now);
  const date = (unix: number) => formatUnixTime(unix, i18n.language);
  const price = priceText(subscription, settings, t);

  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={portalPath(`/customer/subscription/${subscription.id}`, livemode)}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Stack spacing={1}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
            >
              <Typography
                component="h3"
                variant="subtitle1"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {name}
              </Typography>
              <SubscriptionStatusChip status={subscription.status} />
            </Stack>
            {price && (
              <Typography variant="body1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {price}
              </Typography>
            )}
            <Typography
              variant="body2"
              color={schedule.kind === 'pastDue' ? 'error' : 'text.secondary'}
              data-testid="subscription-schedule"
            >
              {scheduleText(schedule, t, date)}
            </Typography>
            {schedule.kind === 'trial' && (
              <Typography variant="body2" color="text.secondary">
                {t('portal.subscription.nextInvoice', { date: date(schedule.nextInvoiceAt) })}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
