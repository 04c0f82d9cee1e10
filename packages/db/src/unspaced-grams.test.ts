import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { createTestDatabase, testEngines, type TestDatabase } from './testing.ts';
import { createPostgresTextFunctions, unspacedGrams, unspacedQueryGrams } from './unspaced-grams.ts';

const SAMPLES = [
  'Weather 天气预报 hour by hour',
  'ひらがなとカタカナ',
  '一',
  'no runs at all',
  '',
  '混合mixed文字 and 漢字',
];
const gramSet = (text: string) => new Set(text.split(' ').filter(Boolean));

describe('unspaced grams', () => {
  it("indexes each run's characters and neighbouring pairs, and nothing across runs", () => {
    expect(unspacedGrams('Notes 天气预报.')).toBe('天 气 预 报 天气 气预 预报');
    expect(unspacedGrams('天气 预报')).toBe('天 气 天气 预 报 预报');
    expect(unspacedGrams('plain words')).toBe('');
    expect(unspacedGrams(null)).toBe('');
  });

  it("looks a query's run up by its pairs, a lone character by itself", () => {
    expect(unspacedQueryGrams('气预报')).toEqual(['气预', '预报']);
    expect(unspacedQueryGrams('报')).toEqual(['报']);
    expect(unspacedQueryGrams('kiosk')).toEqual([]);
  });
});

describe.each(await testEngines())('kiosk_unspaced_grams in SQL on %s', (engine) => {
  let test: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    if (engine === 'postgres') await createPostgresTextFunctions(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await test?.dispose();
  });

  it('answers the same grams as the index and the queries are built from', async () => {
    for (const text of SAMPLES) {
      const { rows } = await sql<{ grams: string }>`select kiosk_unspaced_grams(${text}) as grams`.execute(
        database.db,
      );
      expect(gramSet(rows[0]!.grams), text).toEqual(gramSet(unspacedGrams(text)));
    }
  });
});
