import type { TFunction } from 'i18next';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { CheckoutSession } from '@kiosk/contracts';
import type { CardInstructions } from '../pay-flow.ts';
import { mandateOffer } from '../payment/mandate-terms.ts';
import { recurringText } from '../summary/price-label.ts';

/**
 * What a customer saving their card for a subscription agrees to: the price and any trial, and that the
 * card is charged each cycle until they cancel. Empty for a one-time payment.
 */
export function savingTerms(
  card: {
    instructions: CardInstructions;
    session?: CheckoutSession;
    currency: { decimal: number; maximum_precision: number; symbol: string };
    amount: string;
  },
  t: TFunction,
): string {
  const { instructions } = card;
  if (instructions.type !== 'card_mandate' || !card.session) return '';
  const offer = mandateOffer(instructions, card.session, card.currency, Math.floor(Date.now() / 1000), t);
  const consent = t('checkoutCard.saveConsent', {
    amount: card.amount,
    interval: recurringText(instructions, t) ?? '',
  });
  return `${offer}. ${consent}`;
}

/** Stands in for the card fields while Stripe.js and the Payment Element load. */
export function CardSkeleton({ label }: { label: string }) {
  return (
    <Stack role="status" aria-label={label} spacing={1.5}>
      <Skeleton variant="rounded" height={44} />
      <Stack direction="row" spacing={1.5}>
        <Skeleton variant="rounded" height={44} sx={{ flex: 1 }} />
        <Skeleton variant="rounded" height={44} sx={{ flex: 1 }} />
      </Stack>
      <Skeleton variant="rounded" height={44} />
    </Stack>
  );
}
