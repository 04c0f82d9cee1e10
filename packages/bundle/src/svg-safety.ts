/**
 * Whether an SVG logo or screenshot is safe to show (issue 21 item 20): an SVG is a document that can
 * run script (`<script>`, `onload=`, `javascript:` links), embed HTML (`<foreignObject>`), load from
 * elsewhere (`<image href>`, `url(https://…)`, `@import`, `<?xml-stylesheet?>`) or change itself into
 * one of these (`<set>`, `<animate>`). The store takes only what a logo draws with, by allow-list: the
 * elements below, attributes that are no event handlers, links and `url()` only to the file's own
 * ids, and XML it can read (no entities declared, no processing instruction but the XML declaration).
 * Anything else is refused with what was found, so the developer knows what to take out.
 */

/** Why an SVG is refused: an i18n key (`store.svg.*`, filled with `detail`) and what was found. */
export interface SvgFinding {
  rule: SvgRule;
  detail: string;
}

export const SVG_RULE = {
  malformed: 'store.svg.malformed',
  entities: 'store.svg.entities',
  instruction: 'store.svg.instruction',
  element: 'store.svg.element',
  eventHandler: 'store.svg.eventHandler',
  namespace: 'store.svg.namespace',
  reference: 'store.svg.reference',
  style: 'store.svg.style',
} as const;

export type SvgRule = (typeof SVG_RULE)[keyof typeof SVG_RULE];

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Shapes, text, paint servers, clipping, masking and filters: what a picture is drawn with. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'title',
  'desc',
  'metadata',
  'style',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  ...[
    'Blend',
    'ColorMatrix',
    'ComponentTransfer',
    'Composite',
    'ConvolveMatrix',
    'DiffuseLighting',
    'DisplacementMap',
    'DistantLight',
    'DropShadow',
    'Flood',
    'FuncA',
    'FuncB',
    'FuncG',
    'FuncR',
    'GaussianBlur',
    'Merge',
    'MergeNode',
    'Morphology',
    'Offset',
    'PointLight',
    'SpecularLighting',
    'SpotLight',
    'Tile',
    'Turbulence',
  ].map((primitive) => `fe${primitive}`),
]);

class Refused extends Error {
  constructor(readonly finding: SvgFinding) {
    super(finding.rule);
  }
}

const refuse = (rule: SvgRule, detail = ''): never => {
  throw new Refused({ rule, detail: detail.length > 80 ? `${detail.slice(0, 77)}...` : detail });
};

/** Undefined when the SVG holds only what the store shows; otherwise the first thing it refuses. */
export function checkSvg(text: string): SvgFinding | undefined {
  try {
    new SvgScanner(text).scan();
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return error.finding;
    throw error;
  }
}

const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const SPACE = /\s*/y;
const DOCTYPE = /<!DOCTYPE\s+svg(?:\s+PUBLIC\s+"[^"<>[\]]*"\s+"[^"<>[\]]*"|\s+SYSTEM\s+"[^"<>[\]]*")?\s*>/y;

/** A strict reader of the XML subset an SVG picture needs, checking each element as it opens. */
class SvgScanner {
  #at = 0;
  #open: string[] = [];
  #rootSeen = false;
  #style = '';

  constructor(private readonly text: string) {}

  scan() {
    if (this.text.startsWith('\uFEFF')) this.#at = 1;
    while (this.#at < this.text.length) {
      const next = this.text.indexOf('<', this.#at);
      const end = next === -1 ? this.text.length : next;
      this.#characters(this.text.slice(this.#at, end));
      this.#at = end;
      if (next !== -1) this.#markup();
    }
    if (!this.#rootSeen || this.#open.length > 0) refuse(SVG_RULE.malformed);
  }

  #characters(characters: string) {
    if (this.#open.length === 0) {
      if (characters.trim() !== '') refuse(SVG_RULE.malformed);
      return;
    }
    const decoded = decodeEntities(characters);
    if (this.#open.at(-1) === 'style') this.#style += decoded;
  }

  #markup() {
    const { text } = this;
    const at = this.#at;
    if (text.startsWith('<!--', at)) return this.#skipTo('-->');
    if (text.startsWith('<![CDATA[', at)) {
      if (this.#open.length === 0) refuse(SVG_RULE.malformed);
      const end = this.#skipTo(']]>');
      if (this.#open.at(-1) === 'style') this.#style += text.slice(at + 9, end - 3);
      return;
    }
    if (text.startsWith('<?', at)) return this.#instruction();
    if (text.startsWith('<!', at)) return this.#doctype();
    if (text.startsWith('</', at)) return this.#closeTag();
    this.#openTag();
  }

  /** Moves past `end`, or refuses a construct left open; answers where it moved to. */
  #skipTo(end: string): number {
    const found = this.text.indexOf(end, this.#at);
    if (found === -1) refuse(SVG_RULE.malformed);
    this.#at = found + end.length;
    return this.#at;
  }

  /** Only the XML declaration, at the very start: `<?xml-stylesheet?>` would load a style sheet. */
  #instruction() {
    const target = this.#nameAt(this.#at + 2);
    const first = this.text.slice(0, this.#at).replace(/^\uFEFF/, '') === '';
    if (target !== 'xml' || !first) refuse(SVG_RULE.instruction, target);
    this.#skipTo('?>');
  }

  /** A doctype naming SVG's DTD may stay (editors write it); one that declares entities may not. */
  #doctype() {
    if (this.#rootSeen) refuse(SVG_RULE.malformed);
    DOCTYPE.lastIndex = this.#at;
    const match = DOCTYPE.exec(this.text);
    if (match) {
      this.#at += match[0].length;
      return;
    }
    const close = this.text.indexOf('>', this.#at);
    if (this.text.slice(this.#at, close === -1 ? undefined : close).includes('['))
      refuse(SVG_RULE.entities, '<!DOCTYPE [ … ]>');
    refuse(SVG_RULE.malformed);
  }

  #closeTag() {
    const name = this.#nameAt(this.#at + 2);
    this.#at += 2 + name.length;
    this.#skipSpace();
    if (this.text[this.#at] !== '>' || this.#open.pop() !== name) refuse(SVG_RULE.malformed);
    this.#at += 1;
    if (name === 'style') this.#checkStyle();
  }

  #openTag() {
    const name = this.#nameAt(this.#at + 1);
    this.#at += 1 + name.length;
    if (this.#open.length === 0 && (this.#rootSeen || name !== 'svg')) refuse(SVG_RULE.malformed);
    if (!ELEMENTS.has(name)) refuse(SVG_RULE.element, name);
    this.#rootSeen = true;
    const seen = new Set<string>();
    for (;;) {
      const spaced = this.#skipSpace();
      if (this.text.startsWith('/>', this.#at) || this.text[this.#at] === '>') break;
      if (!spaced) refuse(SVG_RULE.malformed);
      const attribute = this.#nameAt(this.#at);
      if (seen.has(attribute)) refuse(SVG_RULE.malformed);
      seen.add(attribute);
      this.#at += attribute.length;
      checkAttribute(attribute, this.#attributeValue());
    }
    if (this.text[this.#at] === '>') {
      this.#open.push(name);
      this.#at += 1;
      if (name === 'style') this.#style = '';
    } else this.#at += 2;
  }

  #attributeValue(): string {
    this.#skipSpace();
    if (this.text[this.#at] !== '=') refuse(SVG_RULE.malformed);
    this.#at += 1;
    this.#skipSpace();
    const quote = this.text[this.#at];
    if (quote !== '"' && quote !== "'") refuse(SVG_RULE.malformed);
    const end = this.text.indexOf(quote!, this.#at + 1);
    if (end === -1) refuse(SVG_RULE.malformed);
    const raw = this.text.slice(this.#at + 1, end);
    if (raw.includes('<')) refuse(SVG_RULE.malformed);
    this.#at = end + 1;
    return decodeEntities(raw);
  }

  #checkStyle() {
    checkCss(this.#style);
    this.#style = '';
  }

  #nameAt(at: number): string {
    NAME.lastIndex = at;
    const match = NAME.exec(this.text);
    if (!match) return refuse(SVG_RULE.malformed);
    return match[0];
  }

  /** Skips white space; answers whether there was any. */
  #skipSpace(): boolean {
    SPACE.lastIndex = this.#at;
    const length = SPACE.exec(this.text)![0].length;
    this.#at += length;
    return length > 0;
  }
}

/**
 * Attributes of other namespaces (xlink:href, xml:space, an editor's own) are taken: none is an event
 * handler, and links are checked whatever their prefix. `xml:base` would move where `#id` points.
 */
function checkAttribute(name: string, value: string) {
  const local = name.slice(name.indexOf(':') + 1).toLowerCase();
  if (name === 'xmlns' && value !== SVG_NAMESPACE) refuse(SVG_RULE.namespace, value);
  if (local.startsWith('on')) refuse(SVG_RULE.eventHandler, name);
  if (local === 'base') refuse(SVG_RULE.reference, value.trim());
  if ((local === 'href' || local === 'src') && !value.trim().startsWith('#'))
    refuse(SVG_RULE.reference, value.trim());
  if (local === 'style') checkCss(value);
  else checkUrls(value);
}

/** CSS in a `<style>` or a `style` attribute: nothing it imports or loads, and no escapes to hide that. */
function checkCss(css: string) {
  for (const [pattern, found] of [
    [/@import/i, '@import'],
    [/image-set\(|\bimage\(|cross-fade\(|element\(/i, 'image-set()'],
    [/expression\(|-moz-binding|behavior\s*:/i, 'expression()'],
    [/</, '<'],
  ] as const)
    if (pattern.test(css)) refuse(SVG_RULE.style, found);
  checkUrls(css);
}

/** Every `url(…)` in a value names an id of this file (`url(#gradient)`); no CSS escape hides one. */
function checkUrls(value: string) {
  if (value.includes('\\')) refuse(SVG_RULE.style, '\\');
  const lower = value.toLowerCase();
  for (let at = lower.indexOf('url('); at !== -1; at = lower.indexOf('url(', at + 4)) {
    const close = value.indexOf(')', at);
    const argument = close === -1 ? '' : value.slice(at + 4, close).trim();
    const target = argument.replace(/^(['"])(.*)\1$/, '$2');
    if (!target.startsWith('#'))
      refuse(SVG_RULE.reference, value.slice(at, close === -1 ? undefined : close + 1));
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's five named entities and character references; any other `&` is refused, as XML does. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&]*);?/g, (whole, reference: string) => {
    if (!whole.endsWith(';')) return refuse(SVG_RULE.malformed);
    if (reference in PREDEFINED) return PREDEFINED[reference]!;
    const code = /^#x([0-9a-f]{1,6})$/i.exec(reference)?.[1] ?? /^#(\d{1,7})$/.exec(reference)?.[1];
    if (code === undefined) return refuse(SVG_RULE.entities, whole);
    const point = parseInt(code, reference.startsWith('#x') || reference.startsWith('#X') ? 16 : 10);
    if (point === 0 || point > 0x10ffff) return refuse(SVG_RULE.malformed);
    return String.fromCodePoint(point);
  });
}
