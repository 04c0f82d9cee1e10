import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/**
 * Full-text search for scripts written without spaces (Chinese, Japanese). Both engines' tokenisers
 * take a run of such characters as one word, so "预报" could never find "天气预报". Text indexed for
 * search therefore also carries the single characters and the pairs of neighbours of each run (the
 * usual bigram indexing of CJK search engines), and a query's run is looked up by its pairs.
 *
 * The runs are Hiragana, Katakana and the CJK ideographs of the Basic Multilingual Plane, written as
 * code-point ranges so that SQLite (this function) and PostgreSQL (`kiosk_unspaced_grams`) agree.
 */
const RUN_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const UNSPACED_RUN = new RegExp(`[${RUN_CLASS}]+`, 'gu');
const UNSPACED_CHAR = new RegExp(`[${RUN_CLASS}]`, 'u');

/** Each run of `text`, as its characters. */
const runsOf = (text: string) => [...text.matchAll(UNSPACED_RUN)].map(([run]) => [...run]);
/** Each pair of neighbouring characters. */
const pairsOf = (chars: string[]) => chars.slice(1).map((char, i) => chars[i]! + char);

/** Each run's characters and neighbouring pairs, space-separated: what the index adds to the text. */
export function unspacedGrams(text: string | null): string {
  return runsOf(text ?? '')
    .flatMap((chars) => [...chars, ...pairsOf(chars)])
    .join(' ');
}

/** What a query's word must all match: the pairs of its runs (a lone character, itself). */
export function unspacedQueryGrams(word: string): string[] {
  return runsOf(word).flatMap((chars) => (chars.length === 1 ? chars : pairsOf(chars)));
}

/** Whether a word holds a run of an unspaced script. */
export const hasUnspacedRun = (word: string): boolean => UNSPACED_CHAR.test(word);

/** `kiosk_unspaced_grams(text)` for SQLite's triggers (every connection registers it). */
export function registerSqliteTextFunctions(connection: BetterSqlite3.Database): void {
  connection.function('kiosk_unspaced_grams', { deterministic: true }, (text: unknown) =>
    unspacedGrams(text === null ? null : String(text)),
  );
}

/** The same function in PostgreSQL, immutable so that a generated column may call it. */
export async function createPostgresTextFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function kiosk_unspaced_grams(input text) returns text
    language sql immutable parallel safe as $fn$
      select coalesce(string_agg(substr(run, at, width), ' '), '')
      from (select found[1] as run
            from regexp_matches(coalesce(input, ''), ${sql.lit(`([${RUN_CLASS}]+)`)}, 'g') as found) as runs,
           generate_series(1, 2) as width,
           generate_series(1, char_length(run) - width + 1) as at
    $fn$`.execute(db);
}
