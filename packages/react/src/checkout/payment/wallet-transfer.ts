import type { TFunction } from 'i18next';
import type { PaymentInstructions } from '@kiosk/contracts';
import { isUserRejection, type Eip1193Provider } from '../../wallet/eip1193.ts';
import { NoAccountError, payWithInjectedWallet, WrongAccountError } from './pay-with-injected-wallet.ts';

/**
 * Pays `instructions` from a wallet in this page and names the transfer to the server (`name`: the
 * checkout's `POST …/checkout-sessions/{id}/pay`, an overdue payment's `POST …/payment-intents/{id}/pay`).
 * A refusal the buyer should understand is thrown with their words (seed 000 §8 "Account changed,
 * please pay manually" for another account than the buyer's).
 */
export async function sendAndNameTransfer(
  provider: Eip1193Provider,
  instructions: PaymentInstructions,
  buyerDid: string | undefined,
  name: (txHash: `0x${string}`) => Promise<unknown>,
  t: TFunction,
): Promise<void> {
  // A card is paid on its own page with the processor's form (seed 000 §4: not in place).
  if (instructions.type !== 'evm_transfer') throw new Error(t('checkout.pastDue.notSupported'));
  try {
    await name(await payWithInjectedWallet(provider, instructions, buyerDid?.split(':').pop()));
  } catch (error) {
    if (isUserRejection(error)) throw new Error(t('checkout.wallet.rejected'), { cause: error });
    if (error instanceof WrongAccountError)
      throw new Error(t('checkout.wallet.wrongAccount'), { cause: error });
    if (error instanceof NoAccountError) throw new Error(t('checkout.wallet.noAccount'), { cause: error });
    throw error;
  }
}
