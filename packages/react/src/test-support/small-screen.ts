import { vi } from 'vitest';

/**
 * A phone-sized screen for MUI's useMediaQuery, which reads window.matchMedia: a phone is below
 * `sm` and `md` (`theme.breakpoints.down('md')` asks `(max-width:899.95px)`). Undo with
 * vi.unstubAllGlobals.
 */
export function smallScreen(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: /max-width:\s*(599|899)\.95px/.test(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}
