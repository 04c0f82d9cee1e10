const COIN = 100_000_000n;

/** Bitcoin Core's FormatMoney: BTC with trailing zeros trimmed to two decimals ("0.0001", "1.00"). */
export function formatBtc(sats: bigint): string {
  const sign = sats < 0n ? '-' : '';
  const abs = sats < 0n ? -sats : sats;
  const text = `${sign}${abs / COIN}.${(abs % COIN).toString().padStart(8, '0')}`;
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** Satoshis per 1000 vbytes, truncated, as Core's CFeeRate holds a fee rate. */
export const perKvB = (fee: bigint, vsize: number): bigint => (fee * 1000n) / BigInt(vsize);

/** CFeeRate::ToString: "0.00001000 BTC/kvB". */
export function formatFeeRate(satsPerKvB: bigint): string {
  return `${satsPerKvB / COIN}.${(satsPerKvB % COIN).toString().padStart(8, '0')} BTC/kvB`;
}
