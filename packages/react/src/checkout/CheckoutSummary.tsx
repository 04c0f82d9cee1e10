import type { CheckoutSession, ExpandedPrice } from '@kiosk/contracts';
import type { CurrencyChoice, OrderView } from './order-view.ts';
import type { SetupSubscription } from './setup-subscription.ts';
import type { AmountStatus } from './summary/CustomAmountField.tsx';
import { OrderSummary } from './summary/OrderSummary.tsx';
import { SetupSummary } from './summary/SetupSummary.tsx';
import type { SessionEdit } from './use-checkout.ts';

export interface CheckoutSummaryProps {
  session: CheckoutSession;
  /** A setup session's subscription: its summary replaces the order's. */
  setupSubscription: SetupSubscription | undefined;
  order: OrderView | undefined;
  selected: CurrencyChoice | undefined;
  compact: boolean;
  updating: boolean;
  locked: boolean;
  crossSell: ExpandedPrice | null | undefined;
  onEdit: (edit: SessionEdit) => void;
  onAmountStatus: (status: AmountStatus) => void;
}

/** The checkout's summary column: the order in the chosen currency, or what a setup session sets up. */
export function CheckoutSummary({
  session,
  setupSubscription,
  order,
  selected,
  ...props
}: CheckoutSummaryProps) {
  if (!selected) return null;
  if (session.mode === 'setup')
    return <SetupSummary subscription={setupSubscription} currency={selected.currency} />;
  if (!order) return null;
  return (
    <OrderSummary
      order={order}
      currency={selected.currency}
      compact={props.compact}
      updating={props.updating}
      locked={props.locked}
      crossSell={props.crossSell}
      crossSellRequired={session.cross_sell_behavior === 'required'}
      onEdit={props.onEdit}
      onAmountStatus={props.onAmountStatus}
    />
  );
}
