/** The hosted checkout's address, as the store's router matches it (`/checkout/pay/:id`). */
const CHECKOUT_PATH = /^\/checkout\/pay\/([^/]+)\/?$/;

/** The id in a checkout address, or undefined for any other path. */
export function checkoutIdOf(pathname: string): string | undefined {
  const encoded = CHECKOUT_PATH.exec(pathname)?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded; // a broken escape: the form says the id is no checkout's
  }
}

export function checkoutPathOf(id: string): string {
  return `/checkout/pay/${encodeURIComponent(id)}`;
}
