import { hasUnspacedRun, unspacedQueryGrams, type Engine } from '@kiosk/db';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { shownOnStoreFront, type AppRow, type StoreDb } from '../tables.ts';

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
};

export interface TextMatches {
  /** The matching apps, to select from `as a`. */
  apps: RawBuilder<MatchedApp>;
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
      apps: sql<MatchedApp>`(select ${MATCHED_COLUMNS}, h.text_rank
        from (select rowid as search_key, ${rank} as text_rank ${match} ${best}) as h
        join store_apps as a on a.search_key = h.search_key)`,
    };
  }
  // The predicate repeats the partial index's, so PostgreSQL knows it may use it.
  const match = sql`from store_apps as a, to_tsquery('simple', ${tsQuery(terms)}) as query
    where a.search_vector @@ query and ${shownOnStoreFront('a')}`;
  const rank = ranked ? sql`ts_rank(a.search_vector, query)` : sql`0`;
  return { apps: sql<MatchedApp>`(select ${MATCHED_COLUMNS}, ${rank} as text_rank ${match} ${best})` };
}

const ftsQuery = (terms: SearchTerm[]) =>
  terms.map(({ word, prefix }) => `"${word}"${prefix ? '*' : ''}`).join(' ');
const tsQuery = (terms: SearchTerm[]) =>
  terms.map(({ word, prefix }) => (prefix ? `${word}:*` : word)).join(' & ');

/*
 * Frequent words. A common word matches tens of thousands of apps, and ranking all of them by text
 * (bm25 or ts_rank for every match) was most of a search's time at 100 000 apps. Above
 * FREQUENT_MATCHES, the score ranks a bounded set of candidates instead (`frequentWordCandidates`):
 * the POPULAR_CANDIDATES most downloaded matches, walked in the order of an index of the store
 * front's downloads, and up to NAME_CANDIDATES of the apps whose name holds the words, the best
 * downloaded among the first WALKED_APPS such names (with the app named exactly the query, always).
 * The trade-off: an app neither popular nor named by the words, matching only in its title or
 * description, is not on the first pages for such a word (it would have scored low anyway: a word
 * in that many apps tells them apart by little, bm25's and ts_rank's weight for it is near zero).
 * It stays reachable by a more specific query, which matches fewer apps and is ranked in full, by
 * deeper pages (which widen the popular candidates to reach them), and by the other sorts, which
 * stay exact. Rarer words keep the full ranking.
 */
/**
 * Above this many matches, a search ranks bounded candidates instead of every match, and the other
 * sorts walk their index. Below it, ranking every match costs less than the walk, which reads about
 * POPULAR_CANDIDATES · apps / matches entries of the index (25 000 at 100 000 apps): ranking 2000
 * matches takes about a millisecond, 77 000 thirty.
 */
export const FREQUENT_MATCHES = 2000;
/** The most downloaded matches a frequent word ranks (more on deeper pages). */
export const POPULAR_CANDIDATES = 500;
/** The apps named by a frequent word it ranks beside the popular ones… */
export const NAME_CANDIDATES = 200;
/** …chosen among at most this many whose name holds the words. */
export const WALKED_APPS = 1000;
/**
 * PostgreSQL reads every matching row to count them (45 ms for a word in 77 000 apps); when its
 * planner expects more than this many, from the statistics of the words it keeps, the count is
 * that estimate instead (within a few percent at 100 000 apps).
 */
export const EXACT_COUNT_LIMIT = 5000;

/** The store front's indexes of its orders (migration 20261205_20), by the sort each serves. */
export const ORDER_INDEXES = {
  downloads: 'store_apps_front_downloads',
  newest: 'store_apps_front_newest',
  name: 'store_apps_front_title',
} as const;

/**
 * PostgreSQL checks the words of each app a walk reads itself, a few microseconds each (SQLite
 * looks its key up in a list of the matches): it walks for a word in more than this many apps, and
 * sorts the matches of a rarer one, which costs less than walking past the many apps without it.
 */
export const POSTGRES_WALK_MATCHES = 10_000;

/** Whether a search with this many matches walks an order's index (see `matchingApps`). */
export const walksIndex = (engine: Engine, matches: number) =>
  matches > (engine === 'sqlite' ? FREQUENT_MATCHES : POSTGRES_WALK_MATCHES);

/**
 * The store front's apps that hold every term, whole rows to select from `as a`. With `walk`, the
 * caller reads them in that index's order and stops at a page: for a frequent word, cheaper than
 * reading every match and sorting them. Neither planner can tell (SQLite keeps no statistics of
 * the words; PostgreSQL's misjudged walking past thousands of apps), so each is told the way: on
 * SQLite through the index (`indexed by`) or from the matches (`cross join` keeps them the outer
 * loop); on PostgreSQL, a match it cannot look up in the text index (`is true`) leaves it the walk,
 * and `offset 0` keeps the caller's order from reaching into the matches.
 */
export function matchingApps(
  engine: Engine,
  terms: SearchTerm[],
  walk: (typeof ORDER_INDEXES)[keyof typeof ORDER_INDEXES] | undefined,
): RawBuilder<AppRow> {
  if (engine === 'postgres')
    return walk === undefined
      ? sql<AppRow>`(select a.* from store_apps as a where ${matchesAll('postgres', terms)} offset 0)`
      : sql<AppRow>`(select a.* from store_apps as a
          where (a.search_vector @@ to_tsquery('simple', ${tsQuery(terms)})) is true and ${shownOnStoreFront('a')})`;
  if (walk !== undefined)
    return sql<AppRow>`(select a.* from store_apps as a indexed by ${sql.id(walk)}
      where ${matchesAll('sqlite', terms)})`;
  return sql<AppRow>`(select a.* from (select rowid as search_key from store_apps_search
      where store_apps_search match ${ftsQuery(terms)}) as m
    cross join store_apps as a on a.search_key = m.search_key where ${shownOnStoreFront('a')})`;
}

/** The condition that the app `a` is on the store front and holds every term. */
function matchesAll(engine: Engine, terms: SearchTerm[]) {
  return engine === 'sqlite'
    ? sql<SqlBool>`a.search_key in (select rowid from store_apps_search
        where store_apps_search match ${ftsQuery(terms)}) and ${shownOnStoreFront('a')}`
    : sql<SqlBool>`a.search_vector @@ to_tsquery('simple', ${tsQuery(terms)}) and ${shownOnStoreFront('a')}`;
}

/**
 * How many apps the store front shows that hold every term: exact on SQLite, whose index counts
 * its matches without reading the apps; on PostgreSQL exact when its planner expects at most
 * EXACT_COUNT_LIMIT, else the planner's estimate. (An estimate too low only costs an exact count.)
 */
export async function countMatches(db: StoreDb, engine: Engine, terms: SearchTerm[]): Promise<number> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ count: number }>`select count(*) as count from store_apps_search
      where store_apps_search match ${ftsQuery(terms)}`.execute(db);
    return Number(rows[0]!.count);
  }
  const matching = sql`select 1 from store_apps as a where ${matchesAll(engine, terms)}`;
  const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
    ${matching}`.execute(db);
  const expected = Math.round(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
  if (expected > EXACT_COUNT_LIMIT) return expected;
  const { rows } = await sql<{ count: string }>`select count(*) as count from (${matching}) as m`.execute(db);
  return Number(rows[0]!.count);
}

/**
 * A frequent word's candidates (see "Frequent words" above), as `textMatches` answers them: the
 * `popular` most downloaded matches and the apps named by the words, whose text part is 1 (0 for
 * the others).
 */
export function frequentWordCandidates(
  engine: Engine,
  terms: SearchTerm[],
  { q, popular, walk }: { q: string; popular: number; walk: boolean },
): RawBuilder<MatchedApp> {
  const byDownloads = sql`order by a.downloads desc, a.published_at desc, a.id`;
  // The names holding the words, at most WALKED_APPS of them, as the outer loop (see `matchingApps`).
  const named =
    engine === 'sqlite'
      ? sql`(select rowid as search_key from store_apps_search
          where store_apps_search match ${`{name} : (${ftsQuery(terms)})`} limit ${WALKED_APPS}) as m
        cross join store_apps as a on a.search_key = m.search_key`
      : sql`(select a.id from store_apps as a
          where to_tsvector('simple', a.name) @@ to_tsquery('simple', ${tsQuery(terms)})
            and ${shownOnStoreFront('a')} limit ${WALKED_APPS}) as m
        join store_apps as a on a.id = m.id`;
  return sql<MatchedApp>`(select ${MATCHED_COLUMNS}, c.named as text_rank
    from (select u.id, max(u.named) as named from (
        select p.id, 0 as named from (select a.id from ${matchingApps(engine, terms, walk ? ORDER_INDEXES.downloads : undefined)} as a
          ${byDownloads} limit ${popular}) as p
        union all
        select n.id, 1 as named from (select a.id from ${named}
          where ${shownOnStoreFront('a')} ${byDownloads} limit ${NAME_CANDIDATES}) as n
        union all
        select a.id, 1 as named from store_apps as a
          where lower(a.name) = lower(${q}) and ${shownOnStoreFront('a')}
      ) as u group by u.id) as c
    join store_apps as a on a.id = c.id)`;
}

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
