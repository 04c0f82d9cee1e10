import { Header } from 'tar';
import { problem, type BundleProblem } from './problems.ts';

/**
 * The tar inside a bundle, read block by block as the unzipped bytes arrive (docs/store.md "Layout").
 * The store reads it itself rather than through node-tar's parser, which after the end of the
 * archive appends every later chunk to its buffer (issue 21 item 13: quadratic, on the event loop).
 * Here each byte is looked at once: a header block is decoded with node-tar's `Header`, a body is
 * handed on in the slices it arrived in, and after the end only zeros may follow (the padding tar
 * writes to fill its last record), so nothing can hide behind the end where another reader
 * (`tar --ignore-zeros`) would find it. Headers that readers apply differently (a global pax header,
 * GNU long names, pax records that move, link or resize an entry) are refused (item 14), so every
 * reader unpacks the entries the store checked.
 */

export const TAR_BLOCK = 512;

/** One entry as the archive describes it, its pax records applied. */
export interface TarEntryHeader {
  /** node-tar's name of the type flag: `File`, `OldFile`, `Directory`, `SymbolicLink`, … */
  type: string;
  path: string;
  size: number;
  /** The header's own name, when a pax path goes on from it: what a reader without pax unpacks to. */
  nameInHeader?: string;
}

/** What takes an entry's bytes, in order; an entry without one has its bytes skipped. */
export interface TarEntrySink {
  data(chunk: Buffer): void;
  end(): void;
}

/** A problem that ends the reading: thrown out of `push` to whoever drives the reader. */
export class StopReading extends Error {
  constructor(readonly problem: BundleProblem) {
    super(problem.code);
  }
}

const unreadable = () => new StopReading(problem('BUNDLE_UNREADABLE'));

/** A pax header's records (path=…, size=…) are at most a few hundred bytes from any packer. */
const PAX_MAX_BYTES = 64 * 1024;

type State =
  | { at: 'header' }
  /** An entry's bytes (`remain`), then the padding to its last block (`padding`). */
  | { at: 'body'; remain: number; padding: number; sink: TarEntrySink | undefined }
  | { at: 'pax'; remain: number; padding: number; chunks: Buffer[] }
  | { at: 'end' };

export class TarReader {
  #state: State = { at: 'header' };
  /** The start of a header block cut by the end of a chunk. */
  #carry: Buffer | undefined;
  /** The records of a pax header, for the entry after it. */
  #pax: Map<string, string> | undefined;

  /** `onEntry` is told each entry and answers where its bytes go; it may throw StopReading. */
  constructor(private readonly onEntry: (header: TarEntryHeader) => TarEntrySink | undefined) {}

  /** The next unzipped bytes. Throws StopReading for what ends the reading. */
  push(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      const state = this.#state;
      if (state.at === 'end') return refuseUnlessZero(chunk.subarray(offset));
      offset = state.at === 'header' ? this.#header(chunk, offset) : this.#body(state, chunk, offset);
    }
  }

  /** The unzipped bytes are over: an archive cut inside a header or an entry is unreadable. */
  end(): void {
    if (this.#carry || this.#pax || this.#state.at === 'body' || this.#state.at === 'pax') throw unreadable();
  }

  #header(chunk: Buffer, offset: number): number {
    const wanted = TAR_BLOCK - (this.#carry?.length ?? 0);
    const part = chunk.subarray(offset, offset + wanted);
    if (part.length < wanted || this.#carry) {
      this.#carry = this.#carry ? Buffer.concat([this.#carry, part]) : Buffer.from(part);
      if (this.#carry.length < TAR_BLOCK) return offset + part.length;
    }
    const block = this.#carry ?? part;
    this.#carry = undefined;
    this.#readHeader(block);
    return offset + part.length;
  }

  #readHeader(block: Buffer) {
    // The first zero block ends the archive; the second, and any record padding, are zeros too.
    if (isZero(block)) {
      if (this.#pax) throw unreadable();
      this.#state = { at: 'end' };
      return;
    }
    const header = decodeHeader(block);
    const size = sizeField(block);
    if (!header?.cksumValid || size === undefined || !header.path) throw unreadable();
    if (header.type === 'ExtendedHeader') {
      if (this.#pax || size > PAX_MAX_BYTES) throw unreadable();
      this.#state = { at: 'pax', remain: size, padding: paddingOf(size), chunks: [] };
      return;
    }
    // Headers that change the entries after them, each reader in its own way (issue 21 item 14).
    if (header.type === 'GlobalExtendedHeader')
      throw new StopReading(problem('ARCHIVE_GLOBAL_HEADER', { entry: header.path }));
    const typeflag = block.toString('latin1', 156, 157);
    if (EXTENSION_TYPEFLAGS.has(typeflag)) throw notAllowed(header.path, `typeflag ${typeflag}`);
    const entry = this.#applyPax({ type: header.type, path: header.path, size });
    // node-tar reads a folder's size as 0 whatever the field says, where other readers skip it.
    if (entry.type === 'Directory' && entry.size !== 0) throw notAllowed(entry.path, 'size');
    const sink = this.onEntry(entry);
    this.#state = { at: 'body', remain: entry.size, padding: paddingOf(entry.size), sink };
    if (entry.size === 0) {
      sink?.end();
      this.#state = { at: 'header' };
    }
  }

  /**
   * The entry with its pax records applied, where they change nothing another reader would see
   * otherwise: a keyword off the list, a size other than the header's or a link path is refused, and
   * a path must go on from the header's own name (which a reader without pax support unpacks to, so
   * the inspection checks it too), as a packer writes a name too long for the header.
   */
  #applyPax(entry: TarEntryHeader): TarEntryHeader {
    const pax = this.#pax;
    this.#pax = undefined;
    if (!pax) return entry;
    for (const keyword of pax.keys())
      if (!PAX_KEYWORDS.has(keyword)) throw notAllowed(entry.path, `pax ${keyword}`);
    const size = pax.get('size');
    if (size !== undefined && size !== String(entry.size)) throw notAllowed(entry.path, 'pax size');
    const path = pax.get('path');
    if (path === undefined) return entry;
    if (path === '' || !path.startsWith(entry.path)) throw notAllowed(entry.path, 'pax path');
    return { ...entry, path, nameInHeader: entry.path };
  }

  #body(state: Extract<State, { at: 'body' | 'pax' }>, chunk: Buffer, offset: number): number {
    let at = offset;
    if (state.remain > 0) {
      const part = chunk.subarray(at, at + state.remain);
      state.remain -= part.length;
      at += part.length;
      if (state.at === 'pax') state.chunks.push(part);
      else state.sink?.data(part);
      if (state.remain > 0) return at;
      if (state.at === 'body') state.sink?.end();
    }
    const skipped = Math.min(state.padding, chunk.length - at);
    state.padding -= skipped;
    if (state.padding === 0) {
      if (state.at === 'pax') this.#pax = parsePaxRecords(Buffer.concat(state.chunks));
      this.#state = { at: 'header' };
    }
    return at + skipped;
  }
}

/**
 * The pax keywords a packer writes (node-tar: path, size, mtime; GNU tar and bsdtar: times, owners,
 * SCHILY's device numbers). Any other may change what an entry is for some reader: `linkpath`,
 * `hdrcharset` (how names decode), GNU's sparse maps (`GNU.sparse.name` renames the file),
 * extended attributes.
 */
const PAX_KEYWORDS = new Set([
  'path',
  'size',
  'mtime',
  'atime',
  'ctime',
  'uid',
  'gid',
  'uname',
  'gname',
  'comment',
  'SCHILY.dev',
  'SCHILY.ino',
  'SCHILY.nlink',
]);

/** GNU long names and links (L, K, N) and Solaris's pax (X): headers for the next entry. */
const EXTENSION_TYPEFLAGS = new Set(['L', 'K', 'N', 'X']);

const notAllowed = (entry: string, field: string) =>
  new StopReading(problem('ENTRY_HEADER_NOT_ALLOWED', { entry, field }));

/** node-tar's decoding of a header block; undefined for one it cannot decode (a bad base-256 number). */
function decodeHeader(block: Buffer): Header | undefined {
  try {
    return new Header(block);
  } catch {
    return undefined;
  }
}

/** The zeros after `size` bytes of a body, to the end of its last block. */
const paddingOf = (size: number) => (TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK;

const ZEROS = Buffer.alloc(64 * 1024);

function isZero(bytes: Buffer): boolean {
  for (let at = 0; at < bytes.length; at += ZEROS.length) {
    const part = bytes.subarray(at, at + ZEROS.length);
    if (!part.equals(ZEROS.subarray(0, part.length))) return false;
  }
  return true;
}

function refuseUnlessZero(bytes: Buffer): void {
  if (!isZero(bytes)) throw new StopReading(problem('BUNDLE_DATA_AFTER_END'));
}

/**
 * The size field as octal digits (trailing NULs or spaces allowed; empty is 0). node-tar's own
 * decoding makes a folder's size 0 whatever the field says, where other readers skip what it says;
 * base-256 sizes are for files past 8 GB, far over the unpacked limit.
 */
function sizeField(block: Buffer): number | undefined {
  const text = block
    .toString('latin1', 124, 136)
    .replace(/[\0 ]+$/, '')
    .replace(/^ +/, '');
  if (text === '') return 0;
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}

/** POSIX pax records, `{length} {keyword}={value}\n`, each length counting the whole record. */
export function parsePaxRecords(body: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  let offset = 0;
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset);
    const lengthText = space > offset ? body.toString('latin1', offset, space) : '';
    const length = /^[1-9]\d{0,5}$/.test(lengthText) ? Number(lengthText) : 0;
    const record = body.subarray(space + 1, offset + length);
    if (length === 0 || offset + length > body.length || record[record.length - 1] !== 0x0a)
      throw unreadable();
    const text = record.subarray(0, -1).toString('utf8');
    const equals = text.indexOf('=');
    if (equals < 1) throw unreadable();
    const keyword = text.slice(0, equals);
    if (records.has(keyword)) throw unreadable();
    records.set(keyword, text.slice(equals + 1));
    offset += length;
  }
  return records;
}
