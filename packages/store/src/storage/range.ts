/**
 * What a Range header asks of a representation of `size` bytes (RFC 9110 §14.1–14.2), as a value:
 *
 * - `whole`: answer 200 with everything. No header, a header we may ignore (malformed, another
 *   unit: §14.2 lets a server ignore Range), or several ranges: multipart/byteranges buys a
 *   bundle download nothing, so like many servers we send the whole file instead.
 * - `partial`: answer 206 with bytes `start`–`end`, both inclusive, `end` already clipped to the size.
 * - `unsatisfiable`: answer 416 with a Content-Range naming the size (`unsatisfiedContentRange`).
 */
export type RangeRequest =
  | { kind: 'whole'; reason: 'absent' | 'malformed' | 'several' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

// §14.1.1: int-range = first-pos "-" [ last-pos ], suffix-range = "-" suffix-length, all 1*DIGIT.
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole', reason: 'absent' };
  const equals = header.indexOf('=');
  // §14.1: range units are case-insensitive.
  if (equals < 0 || header.slice(0, equals).toLowerCase() !== 'bytes') {
    return { kind: 'whole', reason: 'malformed' };
  }
  // §5.6.1: a list may carry empty elements and spaces around its commas.
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length === 0) return { kind: 'whole', reason: 'malformed' };
  if (specs.length > 1) return { kind: 'whole', reason: 'several' };
  return parseRangeSpec(specs[0]!, BigInt(size));
}

// Positions are compared as bigints so that a 30-digit position is still read exactly.
function parseRangeSpec(spec: string, size: bigint): RangeRequest {
  const int = INT_RANGE.exec(spec);
  if (int) {
    const first = BigInt(int[1]!);
    const last = int[2] === '' ? undefined : BigInt(int[2]!);
    if (last !== undefined && last < first) return { kind: 'whole', reason: 'malformed' };
    if (first >= size) return { kind: 'unsatisfiable' };
    const end = last === undefined || last >= size ? size - 1n : last;
    return { kind: 'partial', start: Number(first), end: Number(end) };
  }
  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix) {
    const length = BigInt(suffix[1]!);
    // §14.1.1: a suffix is satisfiable only when non-zero and the representation is not empty.
    if (length === 0n || size === 0n) return { kind: 'unsatisfiable' };
    const start = length >= size ? 0n : size - length;
    return { kind: 'partial', start: Number(start), end: Number(size - 1n) };
  }
  return { kind: 'whole', reason: 'malformed' };
}

/** The Content-Range of a 206 (§14.4). */
export function contentRange(start: number, end: number, size: number): string {
  return `bytes ${start}-${end}/${size}`;
}

/** The Content-Range of a 416, which tells the client the current size (§14.4). */
export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}
