import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CorruptColumnError, jsonColumn, jsonColumns } from './json-column.ts';

const recurring = z.object({
  interval: z.enum(['day', 'month']),
  interval_count: z.number().int().positive(),
  proration_mode: z.enum(['prorate', 'difference']).default('prorate'),
});

const { plan, tags, note } = jsonColumns('plans', {
  plan: jsonColumn(recurring.nullable(), null),
  tags: jsonColumn(z.array(z.string()), []),
  note: jsonColumn(z.looseObject({ text: z.string().optional() }), {}),
});

describe('a JSON column', () => {
  it('reads what the schema says the column holds, defaults filled in', () => {
    expect(plan.read('{"interval":"month","interval_count":3}')).toEqual({
      interval: 'month',
      interval_count: 3,
      proration_mode: 'prorate',
    });
    expect(tags.read('["a","b"]')).toEqual(['a', 'b']);
  });

  it('reads an empty column (null, empty text or JSON null) as the fallback', () => {
    for (const empty of [null, undefined, '', 'null']) {
      expect(plan.read(empty)).toBeNull();
      expect(tags.read(empty)).toEqual([]);
    }
  });

  it('answers a new fallback each time, so one caller changing it changes nobody else’s', () => {
    const first = tags.read(null);
    first.push('mine');
    expect(tags.read(null)).toEqual([]);
  });

  it('refuses a value the schema does not expect, naming the column and what it expected', () => {
    const read = () => plan.read('{"interval":"fortnight","interval_count":"2"}');
    expect(read).toThrow(CorruptColumnError);
    expect(read).toThrow(/^plans\.plan does not hold what it should: interval: .*expected one of/);
    expect(read).toThrow(/interval_count: .*expected number, received string/);
    expect(() => tags.read('{"0":"a"}')).toThrow(/plans\.tags .*expected array, received object/);
  });

  it('refuses text that is not JSON', () => {
    expect(() => tags.read('["a",')).toThrow(CorruptColumnError);
    expect(() => tags.read('["a",')).toThrow(/^plans\.tags is not JSON/);
  });

  it('keeps the keys a loose schema does not name, so writing back what was read loses nothing', () => {
    const read = note.read('{"text":"hi","added_later":{"by":"a newer writer"}}');
    expect(note.write({ ...read, text: 'hello' })).toBe(
      '{"text":"hello","added_later":{"by":"a newer writer"}}',
    );
  });

  it('writes JSON text, checked and normalised by the schema', () => {
    expect(plan.write({ interval: 'day', interval_count: 1 })).toBe(
      '{"interval":"day","interval_count":1,"proration_mode":"prorate"}',
    );
    expect(plan.write(null)).toBe('null');
    expect(plan.read(plan.write({ interval: 'month', interval_count: 2 }))).toEqual({
      interval: 'month',
      interval_count: 2,
      proration_mode: 'prorate',
    });
  });

  it('refuses to write a value the schema does not take', () => {
    expect(() => tags.write([1] as unknown as string[])).toThrow(
      /^refusing to write plans\.tags: 0: .*expected string, received number/,
    );
  });

  it('is named only by jsonColumns', () => {
    expect(() => jsonColumn(z.array(z.string()), []).read('{}')).toThrow(/^a JSON column does not hold/);
  });
});
