import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { isWebAddress } from '@kiosk/contracts/web-address';

/**
 * A comment's Markdown as React elements (issue 24 item 5: Markdown rendered safely). Only a small
 * subset is read — paragraphs, line breaks, "- " lists, **bold**, *italic*, `code` and links — and
 * everything else stays the text it is. Nothing is ever handed to the browser as HTML: every piece is
 * a text node React escapes, and a link is drawn only to an http(s) address, with
 * rel="nofollow noopener" and opened in a new tab; `javascript:` and the like stay plain text.
 */

/** `[text](url)`, `**bold**`, `*italic*` or `_italic_`, `` `code` ``, and a bare http(s) address. */
const INLINE =
  /\[([^\]\n]{1,300})\]\(([^)\s]{1,2000})\)|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|\b_([^_\n]+)_\b|`([^`\n]+)`|(https?:\/\/[^\s<>"')\]]+)/g;

function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="nofollow noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Link>
  );
}

/** One line's inline marks; nested marks are not read (their text shows as written). */
function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, linkText, url, bold, italic, underscored, code, bare] = match;
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const k = `${key}-${index++}`;
    if (linkText !== undefined && url !== undefined)
      out.push(
        isWebAddress(url) ? (
          <SafeLink key={k} href={url}>
            {linkText}
          </SafeLink>
        ) : (
          whole
        ),
      );
    else if (bold !== undefined) out.push(<strong key={k}>{bold}</strong>);
    else if ((italic ?? underscored) !== undefined) out.push(<em key={k}>{italic ?? underscored}</em>);
    else if (code !== undefined) out.push(<code key={k}>{code}</code>);
    else if (bare !== undefined)
      out.push(
        isWebAddress(bare) ? (
          <SafeLink key={k} href={bare}>
            {bare}
          </SafeLink>
        ) : (
          bare
        ),
      );
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const LIST_ITEM = /^\s*[-*]\s+(.*)$/;

/** Lines joined with line breaks between them. */
function lines(block: string[], key: string): ReactNode[] {
  return block.flatMap((line, i) => [
    ...(i > 0 ? [<br key={`${key}-br${i}`} />] : []),
    ...inline(line, `${key}-${i}`),
  ]);
}

/** The blocks of a comment: paragraphs split by blank lines, a block of "- " lines as a list. */
export function renderMarkdown(text: string): ReactNode[] {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  return blocks.map((block, b) => {
    const rows = block.split('\n');
    const key = `b${b}`;
    if (rows.every((row) => LIST_ITEM.test(row)))
      return (
        <ul key={key}>
          {rows.map((row, i) => (
            <li key={`${key}-${i}`}>{inline(row.replace(LIST_ITEM, '$1'), `${key}-${i}`)}</li>
          ))}
        </ul>
      );
    return <p key={key}>{lines(rows, key)}</p>;
  });
}
