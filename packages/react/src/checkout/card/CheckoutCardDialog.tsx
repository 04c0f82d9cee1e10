import { useKiosk } from '../../provider/KioskProvider.tsx';
import { CardDialog, type CardDialogProps } from './CardDialog.tsx';

/**
 * The checkout's card form: what the processor confirmed is told to the checkout session, as a
 * wallet's transfer or mandate is. In the lazy chunk with the form, so the first load carries none of it.
 */
export function CheckoutCardDialog(props: Omit<CardDialogProps, 'report'> & { sessionId: string }) {
  const { client } = useKiosk();
  const { sessionId, ...dialog } = props;
  const params = { id: sessionId };
  return (
    <CardDialog
      {...dialog}
      // A saved card is read by the server from the processor (as a wallet's mandate is from the chain).
      report={(confirmed) =>
        props.instructions.type === 'card_mandate'
          ? client.call('POST /api/checkout-sessions/:id/mandate', { params })
          : client.call('POST /api/checkout-sessions/:id/pay', { params, body: { tx_hash: confirmed } })
      }
    />
  );
}
