import { hasUnspacedRun, unspacedQueryGrams, type Engine } from '@kiosk/db';
import { sql, type RawBuilder } from 'kysely';
import { shownOnStoreFront, type AppRow } from '../tables.ts';

/**
 * The store front's ranking (docs/store.md "Search"): one score per app, the sum of weighted parts
 * each between 0 and 1, so that `?explain=1` can show why an app stands where it does.
 *
 *   score = 0.60 · text + 0.25 · popularity + 0.15 · freshness + 0.20 · rating + 1 · exact name
 *
 * - text: the engine's own text relevance (SQLite FTS5's bm25, PostgreSQL's ts_rank), with name
 *   weighing more than title and title more than description, divided by the best among the
 *   results, so the best text match scores 1 on either engine;
 * - popularity: downloads / (downloads + 100): 0.5 at 100 downloads, approaching 1, never dominating;
 * - freshness: 1 / (1 + days since published / 30): 0.5 a month after publishing;
 * - rating: the app's ratings as a Bayesian average (`ratingPart`), from -1 (all 1★) to 1 (all 5★),
 *   0 for an app nobody rated: a few ratings move it little, many move it to their mean;
 * - exact name: 1 when the query is the app's name, which then comes first.
 */
export const SCORE_WEIGHTS = {
  text: 0.6,
  popularity: 0.25,
  freshness: 0.15,
  rating: 0.2,
  exactName: 1,
} as const;
/**
 * The Bayesian average's prior: every app starts as if it had RATING_PRIOR_WEIGHT ratings of
 * RATING_PRIOR_MEAN, so one 5★ rating (3.18) does not outrank a hundred 4.6s (4.45). The mean is the
 * scale's middle, so an unrated app is neither lifted nor lowered and the rating part is 0 for it.
 */
export const RATING_PRIOR_MEAN = 3;
export const RATING_PRIOR_WEIGHT = 10;
/** The scale's top: (mean − prior) / (top − prior) is 1 for an app rated 5★ by a great many. */
const RATING_TOP = 5;
export const POPULARITY_HALF_DOWNLOADS = 100;
export const FRESHNESS_HALF_SECONDS = 30 * 86_400;
/** How many of the best text matches `relevance` ranks by the whole score (see `textMatches`). */
export const RANKED_CANDIDATES = 500;
/** More words than this in one query add nothing a user meant, only work. */
const MAX_TERMS = 8;
/**
 * A shorter word is matched whole: "we" as a prefix would match a large part of any store and rank
 * nothing.
 */
const MIN_PREFIX_LENGTH = 3;

export interface SearchTerm {
  word: string;
  prefix: boolean;
}

/**
 * The words of a query as both engines' tokenisers see them: runs of letters, marks and digits in
 * any script, lower-cased. Everything else separates words, so no query syntax reaches the engine.
 * A word of Chinese or Japanese is looked up by its characters' pairs, which the index holds beside
 * the text (`unspacedGrams`, @kiosk/db), so that any part of a run finds it.
 */
export function searchTerms(q: string): SearchTerm[] {
  return (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .slice(0, MAX_TERMS)
    .flatMap((word) =>
      hasUnspacedRun(word)
        ? unspacedQueryGrams(word).map((gram) => ({ word: gram, prefix: false }))
        : [{ word, prefix: word.length >= MIN_PREFIX_LENGTH }],
    );
}

/** The columns of a matching app that ranking and paging read, with its text match. */
type MatchedApp = Pick<AppRow, 'id' | 'name' | 'title' | 'downloads' | 'published_at' | 'category_id'> & {
  text_rank: number;
  match_count: number | null;
};

export interface TextMatches {
  /** The matching apps, to select from `as a`. */
  apps: RawBuilder<MatchedApp>;
  /** How many apps match, for a page with no row to read `match_count` from. */
  count: RawBuilder<{ count: number }>;
}

const MATCHED_COLUMNS = sql.raw('a.id, a.name, a.title, a.downloads, a.published_at, a.category_id');

/**
 * The store front's apps whose text holds every term. With `ranked`, each with its `text_rank`
 * (higher matches better), and with `ranked.candidates`, only that many of the best by text: the
 * score needs an app's other parts too, and reading them for every match of a common word would
 * cost more than the search; an app outside them has too little text match to reach the first
 * pages. Without `ranked` (the other sorts), every match, unranked. SQLite reads the FTS5 index the
 * store's migration keeps; PostgreSQL the GIN index of `search_vector`, in the same pass that reads
 * the apps' other columns (a second pass to join them back cost more than the search). Both indexes
 * hold only apps the store front shows.
 */
export function textMatches(
  engine: Engine,
  terms: SearchTerm[],
  ranked: { candidates: number | undefined } | false,
): TextMatches {
  const best =
    ranked && ranked.candidates !== undefined
      ? sql`order by text_rank desc limit ${ranked.candidates}`
      : sql``;
  if (engine === 'sqlite') {
    const match = sql`from store_apps_search where store_apps_search match ${ftsQuery(terms)}`;
    // bm25 is lower for better matches; its weights are the columns': name, title, description and
    // the unspaced scripts' pairs.
    const rank = ranked ? sql`-bm25(store_apps_search, 10.0, 4.0, 1.0, 2.0)` : sql`0`;
    return {
      apps: sql<MatchedApp>`(select ${MATCHED_COLUMNS}, h.text_rank, null as match_count
        from (select rowid as search_key, ${rank} as text_rank ${match} ${best}) as h
        join store_apps as a on a.search_key = h.search_key)`,
      count: sql<{ count: number }>`select count(*) as count ${match}`,
    };
  }
  const query = terms.map(({ word, prefix }) => (prefix ? `${word}:*` : word)).join(' & ');
  // The predicate repeats the partial index's, so PostgreSQL knows it may use it.
  const match = sql`from store_apps as a, to_tsquery('simple', ${query}) as query
    where a.search_vector @@ query and ${shownOnStoreFront('a')}`;
  const rank = ranked ? sql`ts_rank(a.search_vector, query)` : sql`0`;
  return {
    apps: sql<MatchedApp>`(select ${MATCHED_COLUMNS}, ${rank} as text_rank, ${everyMatch} ${match} ${best})`,
    count: sql<{ count: number }>`select count(*) as count ${match}`,
  };
}

/**
 * How many apps match, on each row, counted before the candidates are cut: PostgreSQL then scans
 * once for the page and its count. (SQLite refuses bm25 beside a window function; its index counts
 * matches without reading them.)
 */
const everyMatch = sql`count(*) over () as match_count`;

const ftsQuery = (terms: SearchTerm[]) =>
  terms.map(({ word, prefix }) => `"${word}"${prefix ? '*' : ''}`).join(' ');

/** Each part of the score as a column of the select (`text_rank` comes from `textMatches`, if any). */
export function scoreParts(engine: Engine, now: number, q: string | undefined) {
  const text =
    q === undefined
      ? sql<number>`0`
      : sql<number>`coalesce(a.text_rank / nullif(max(a.text_rank) over (), 0), 0)`;
  const age = sql`(${now} - coalesce(a.published_at, ${now}))`;
  // Float arithmetic on both engines (PostgreSQL would otherwise divide bigints, or answer numerics as text).
  const real = engine === 'sqlite' ? sql`1.0` : sql`1.0::float8`;
  return {
    text,
    popularity: sql<number>`${real} * a.downloads / (a.downloads + ${sql.lit(POPULARITY_HALF_DOWNLOADS)})`,
    freshness: sql<number>`${real} / (1 + ${age} * ${real} / ${sql.lit(FRESHNESS_HALF_SECONDS)})`,
    exactName:
      q === undefined ? sql<number>`0` : sql<number>`case when lower(a.name) = lower(${q}) then 1 else 0 end`,
    rating: ratingPart(real),
  };
}

/**
 * The rating part of an app: its Bayesian average (C·m + Σ scores) / (C + n), as the distance from
 * the prior m toward the top of the scale, one primary-key read of its counts (ratings/table.ts).
 */
function ratingPart(real: RawBuilder<unknown>) {
  const [mean, weight] = [sql.lit(RATING_PRIOR_MEAN), sql.lit(RATING_PRIOR_WEIGHT)];
  return sql<number>`coalesce((select (${real} * (${weight} * ${mean} + r.total) / (${weight} + r.count) - ${mean})
      / ${sql.lit(RATING_TOP - RATING_PRIOR_MEAN)}
    from store_rating_summaries as r where r.app_did = a.id), 0)`;
}

/** The score of a row carrying the parts of `scoreParts` under their own names. */
export const totalScore = sql<number>`(${sql.lit(SCORE_WEIGHTS.text)} * text_score
  + ${sql.lit(SCORE_WEIGHTS.popularity)} * popularity + ${sql.lit(SCORE_WEIGHTS.freshness)} * freshness
  + ${sql.lit(SCORE_WEIGHTS.rating)} * rating + ${sql.lit(SCORE_WEIGHTS.exactName)} * exact_name)`;
