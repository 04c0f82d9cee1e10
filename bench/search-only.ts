/** The store search bench alone (bench/store.ts `measureSearch`): `node --import tsx bench/search-only.ts [sqlite] [postgres]`. */
import { measureSearch, SEARCH_APPS } from './store.ts';

const engines = process.argv.slice(2) as ('sqlite' | 'postgres')[];
for (const engine of engines.length ? engines : (['sqlite', 'postgres'] as const))
  console.log(engine, SEARCH_APPS, JSON.stringify(await measureSearch(engine)));
