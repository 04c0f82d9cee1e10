// Seed 001 §2 and §9: the generic table's paging and search rules.
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 20, 50, 100] as const;
export const MOBILE_PAGE_SIZE = 5;
export const SEARCH_DEBOUNCE_MS = 300;
/** More skeleton rows than this only push the pagination off screen while loading. */
export const MAX_SKELETON_ROWS = 10;
