import { createContext, forwardRef, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

export interface PageLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A path of this app, e.g. `/profile`. */
  to: string;
}

/** A full page load: where no router runs (the hosted checkout's own entry), another page is another document. */
const DocumentLink = forwardRef<HTMLAnchorElement, PageLinkProps>(function DocumentLink(
  { to, ...props },
  ref,
) {
  return <a ref={ref} href={to} {...props} />;
});

/**
 * How the shell links to the app's pages: the router's Link inside the store's router (RootLayout
 * provides it), a plain anchor elsewhere. The shell's pieces are shared by both entries, and only the
 * store's entry loads react-router.
 */
export const PageLinkContext = createContext<ComponentType<PageLinkProps>>(DocumentLink);

export function usePageLink(): ComponentType<PageLinkProps> {
  return useContext(PageLinkContext);
}
