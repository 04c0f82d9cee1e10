/** `0xAbCd…1234`: enough to recognise an address, short enough for a header or a chip. */
export function shortAddress(address: string, visible = 4): string {
  if (address.length <= 2 + visible * 2 + 1) return address;
  return `${address.slice(0, 2 + visible)}…${address.slice(-visible)}`;
}
