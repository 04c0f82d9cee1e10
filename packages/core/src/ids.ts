/**
 * Prefixed, URL-safe ids: the prefix says what the object is (`cs_…` is a checkout session). The first
 * 10 characters encode the creation time (microsecond steps, strictly increasing within a process) and
 * the other 14 are random (~83 bits), so ordering by id is ordering by creation on every engine.
 */
export const ID_PREFIXES = {
  checkoutSession: 'cs',
  paymentLink: 'plink',
  invoice: 'in',
  paymentIntent: 'pi',
  subscription: 'sub',
  subscriptionItem: 'si',
  customer: 'cus',
  product: 'prod',
  price: 'price',
  paymentMethod: 'pm',
  paymentCurrency: 'pc',
  refund: 're',
  charge: 'ch',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'whd',
  accessToken: 'tok',
  job: 'job',
  user: 'usr',
  session: 'ses',
  apiKey: 'key',
  passport: 'psp',
  joinRequest: 'djr',
  // Kiosk Store
  appVersion: 'appv',
  category: 'cat',
  download: 'dl',
  review: 'rev',
  rating: 'rat',
  comment: 'cmt',
  commentReport: 'crpt',
  purchase: 'pur',
  appPricing: 'aprc',
  launch: 'lch',
  setting: 'set',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 24;

/**
 * CSPRNG bytes drawn a page at a time: asking the platform for a few bytes per id costs more than
 * the rest of making it (ids are made by the thousand in a billing run). Each byte is used once.
 */
const POOL_SIZE = 4096;
let pool = new Uint8Array(0);
let poolAt = 0;

function randomByte(): number {
  if (poolAt >= pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_SIZE));
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

/** Random base62 text from the platform's CSPRNG (Web Crypto exists in Node 20 and browsers). */
export function randomToken(length = RANDOM_LENGTH): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps every character equally likely.
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

const TIME_LENGTH = 10;
let lastStamp = 0;

/** Microseconds since the epoch, never the same twice in this process. */
function nextStamp(): number {
  lastStamp = Math.max(Date.now() * 1000, lastStamp + 1);
  return lastStamp;
}

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${base62(nextStamp(), TIME_LENGTH)}${randomToken(RANDOM_LENGTH - TIME_LENGTH)}`;
}

/** True when `id` is a well-formed id of `kind`. */
export function isIdOf(kind: IdKind, id: unknown): id is string {
  return typeof id === 'string' && new RegExp(`^${ID_PREFIXES[kind]}_[0-9A-Za-z]{8,64}$`).test(id);
}
