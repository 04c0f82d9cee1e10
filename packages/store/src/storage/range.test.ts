import { describe, expect, it } from 'vitest';
import { contentRange, parseRangeHeader, unsatisfiedContentRange, type RangeRequest } from './range.ts';

const SIZE = 1000;

describe('parseRangeHeader against a 1000-byte bundle', () => {
  const cases: [header: string | undefined, expected: RangeRequest][] = [
    // No header, or one we may ignore: the whole file.
    [undefined, { kind: 'whole', reason: 'absent' }],
    ['', { kind: 'whole', reason: 'malformed' }],
    ['bytes', { kind: 'whole', reason: 'malformed' }],
    ['bytes=', { kind: 'whole', reason: 'malformed' }],
    ['items=0-10', { kind: 'whole', reason: 'malformed' }],
    ['bytes=abc', { kind: 'whole', reason: 'malformed' }],
    ['bytes=-', { kind: 'whole', reason: 'malformed' }],
    ['bytes=5-1', { kind: 'whole', reason: 'malformed' }],
    ['bytes=+1-5', { kind: 'whole', reason: 'malformed' }],
    ['bytes=0x10-', { kind: 'whole', reason: 'malformed' }],
    ['bytes=1.5-3', { kind: 'whole', reason: 'malformed' }],
    ['bytes=1 - 3', { kind: 'whole', reason: 'malformed' }],
    ['bytes=--5', { kind: 'whole', reason: 'malformed' }],
    // bytes=a-b
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=10-10', { kind: 'partial', start: 10, end: 10 }],
    ['bytes=500-999', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=500-5000', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=0-99999999999999999999999999', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-1000', { kind: 'unsatisfiable' }],
    ['bytes=5000-6000', { kind: 'unsatisfiable' }],
    // bytes=a-
    ['bytes=0-', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=400-', { kind: 'partial', start: 400, end: 999 }],
    ['bytes=999-', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999999999-', { kind: 'unsatisfiable' }],
    // bytes=-n
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-1', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=-1000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // The unit is case-insensitive; list elements may be empty or spaced.
    ['Bytes=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['BYTES=0-9', { kind: 'partial', start: 0, end: 9 }],
    ['bytes= 0-9 ', { kind: 'partial', start: 0, end: 9 }],
    ['bytes=0-9, ,', { kind: 'partial', start: 0, end: 9 }],
    // Several ranges: the whole file, not multipart/byteranges.
    ['bytes=0-9,20-29', { kind: 'whole', reason: 'several' }],
    ['bytes=0-9, -5', { kind: 'whole', reason: 'several' }],
    ['bytes=5000-,6000-', { kind: 'whole', reason: 'several' }],
  ];

  it.each(cases)('%j → %j', (header, expected) => {
    expect(parseRangeHeader(header, SIZE)).toEqual(expected);
  });
});

describe('parseRangeHeader against an empty bundle', () => {
  it.each(['bytes=0-', 'bytes=0-0', 'bytes=-1'])('%s cannot be satisfied', (header) => {
    expect(parseRangeHeader(header, 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('Content-Range', () => {
  it('names the bytes sent and the full size for a 206', () => {
    expect(contentRange(900, 999, 1000)).toBe('bytes 900-999/1000');
  });

  it('names only the size for a 416', () => {
    expect(unsatisfiedContentRange(1000)).toBe('bytes */1000');
  });
});
