import { useEffect, useRef } from 'react';
import type { CustomUnitAmount } from '@kiosk/core';
import type { PaymentCurrency } from '@kiosk/contracts';
import { useKioskSession } from '../../session/use-kiosk-session.ts';
import { rememberDonation, rememberedDonation } from './donation-amount.ts';

export interface RememberedDonationOptions {
  donation: boolean;
  /** The order cannot change now (a payment on its way): nothing is restored. */
  locked: boolean;
  custom: CustomUnitAmount;
  currency: PaymentCurrency;
  amount: bigint;
  /** Puts the remembered amount in the field and the order. */
  restore: (amount: bigint) => void;
}

/**
 * Seed 000 §9: a donor's last amount, kept per user in local storage, comes back on their next
 * donation, once, as soon as who the donor is is known. `remember` keeps a new one. Nothing is read
 * or kept for an order that is not a donation.
 */
export function useRememberedDonation({
  donation,
  locked,
  custom,
  currency,
  amount,
  restore,
}: RememberedDonationOptions) {
  const session = useKioskSession();
  const donor = session.data?.user?.did;
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !donation || locked || session.isPending) return;
    decided.current = true;
    const remembered = rememberedDonation(donor, custom, currency);
    if (remembered !== undefined && remembered !== amount) restore(remembered);
  });
  return (value: bigint) => {
    if (donation) rememberDonation(donor, value);
  };
}
