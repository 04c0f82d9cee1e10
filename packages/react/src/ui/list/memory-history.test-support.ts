import { useState } from 'react';
import type { HistoryOptions, SearchParamsSource } from './use-list-params.ts';

/** The address's history as a test sees it: each entry's query, and where the reader is. */
export interface MemoryHistory {
  entries: string[];
  index: number;
  writes: number;
}

/**
 * A router's `useSearchParams` in memory, as react-router behaves: each write navigates (a new entry,
 * or the current one replaced) and the next render reads the new query. `record` sees every change.
 */
export function useMemorySearchParams(
  initial: string,
  record: (history: MemoryHistory) => void,
): SearchParamsSource & { back: () => void } {
  const [history, setHistory] = useState<MemoryHistory>({ entries: [initial], index: 0, writes: 0 });
  const [params] = useState(() => new Map<string, URLSearchParams>());
  const query = history.entries[history.index]!;
  if (!params.has(query)) params.set(query, new URLSearchParams(query));
  record(history);

  const set = (next: URLSearchParams, options: HistoryOptions = {}) =>
    setHistory((current) => {
      const kept = current.entries.slice(0, current.index + (options.replace ? 0 : 1));
      return { entries: [...kept, next.toString()], index: kept.length, writes: current.writes + 1 };
    });
  const back = () => setHistory((current) => ({ ...current, index: Math.max(0, current.index - 1) }));
  return Object.assign([params.get(query)!, set] as const, { back });
}
