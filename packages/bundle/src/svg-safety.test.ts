import { describe, expect, it } from 'vitest';
import { checkSvg, SVG_RULE } from './svg-safety.ts';
import { image } from './test-fixtures.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const svg = (inside: string, attributes = '') =>
  `<svg ${NS} viewBox="0 0 10 10"${attributes}>${inside}</svg>`;

describe('checking an SVG logo or screenshot before the store shows it', () => {
  it('takes what editors write for a picture: shapes, text, gradients, filters, CSS and local links', () => {
    const drawn = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: an editor -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" xml:space="preserve" viewBox="0 0 64 64">
  <title>Weather &amp; tides</title>
  <defs>
    <style><![CDATA[ .sun { fill: url(#glow); stroke: #f90 } ]]></style>
    <style>.sea { fill: url( "#sea" ) }</style>
    <linearGradient id="glow"><stop offset="0" stop-color="#fc0"/><stop offset="1" stop-color="#f60"/></linearGradient>
    <radialGradient id="sea"><stop offset="0" stop-color="#09f"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="1"/><feOffset dx="1"/></filter>
    <symbol id="drop"><path d="M0 0 L1 1 Z"/></symbol>
    <clipPath id="c"><circle cx="32" cy="32" r="30"/></clipPath>
  </defs>
  <g clip-path="url(#c)" style="filter: url('#soft'); opacity: .9">
    <circle class="sun" cx="20" cy="20" r="8"/>
    <use xlink:href="#drop" x="4"/><use href="#drop" y="4"/>
    <text x="4" y="60">&#x6674; &#26228; 晴 &lt;3</text>
  </g>
</svg>
`;
    expect(checkSvg(drawn)).toBeUndefined();
    expect(checkSvg(image.svg().toString('utf8'))).toBeUndefined();
  });

  it('refuses script, event handlers, HTML, animation and outside references, saying which', () => {
    const cases: [string, string, { rule: string; detail: string }][] = [
      ['script', svg('<script>alert(1)</script>'), { rule: SVG_RULE.element, detail: 'script' }],
      ['handler', svg('', ' onload="alert(1)"'), { rule: SVG_RULE.eventHandler, detail: 'onload' }],
      [
        'handler in capitals',
        svg('<rect ONCLICK="x()"/>'),
        { rule: SVG_RULE.eventHandler, detail: 'ONCLICK' },
      ],
      [
        'HTML inside',
        svg('<foreignObject><div>x</div></foreignObject>'),
        { rule: SVG_RULE.element, detail: 'foreignObject' },
      ],
      ['link', svg('<a href="javascript:alert(1)"><rect/></a>'), { rule: SVG_RULE.element, detail: 'a' }],
      [
        'set',
        svg('<set attributeName="href" to="javascript:x()"/>'),
        { rule: SVG_RULE.element, detail: 'set' },
      ],
      [
        'animate',
        svg('<rect><animate attributeName="x"/></rect>'),
        { rule: SVG_RULE.element, detail: 'animate' },
      ],
      ['image', svg('<image href="#a"/>'), { rule: SVG_RULE.element, detail: 'image' }],
      [
        'prefixed HTML',
        svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml"/>'),
        { rule: SVG_RULE.element, detail: 'h:script' },
      ],
      [
        'HTML namespace',
        svg('<g xmlns="http://www.w3.org/1999/xhtml"/>'),
        { rule: SVG_RULE.namespace, detail: 'http://www.w3.org/1999/xhtml' },
      ],
      [
        'outside use',
        svg('<use href="https://x.example/s.svg#i"/>'),
        { rule: SVG_RULE.reference, detail: 'https://x.example/s.svg#i' },
      ],
      [
        'data link',
        svg('<use xlink:href="data:image/svg+xml,x"/>'),
        { rule: SVG_RULE.reference, detail: 'data:image/svg+xml,x' },
      ],
      [
        'hidden in a character reference',
        svg('<use href="&#x6a;avascript:x()"/>'),
        { rule: SVG_RULE.reference, detail: 'javascript:x()' },
      ],
      [
        'fill from elsewhere',
        svg('<rect fill="url(https://x.example/p#g)"/>'),
        { rule: SVG_RULE.reference, detail: 'url(https://x.example/p#g)' },
      ],
      [
        'style from elsewhere',
        svg(`<rect style="fill: url('//x.example/a')"/>`),
        { rule: SVG_RULE.reference, detail: "url('//x.example/a')" },
      ],
      [
        'base',
        svg('<use xml:base="https://x.example/" href="#a"/>'),
        { rule: SVG_RULE.reference, detail: 'https://x.example/' },
      ],
      [
        'import',
        svg('<style>@import "https://x.example/a.css";</style>'),
        { rule: SVG_RULE.style, detail: '@import' },
      ],
      [
        'escape',
        svg('<style>rect { fill: \\75 rl(https://x.example) }</style>'),
        { rule: SVG_RULE.style, detail: '\\' },
      ],
      [
        'style sheet',
        `<?xml-stylesheet href="https://x.example/a.css"?>${svg('')}`,
        { rule: SVG_RULE.instruction, detail: 'xml-stylesheet' },
      ],
      [
        'entities',
        `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;')}`,
        { rule: SVG_RULE.entities, detail: '<!DOCTYPE [ … ]>' },
      ],
      ['HTML entity', svg('<text>a&nbsp;b</text>'), { rule: SVG_RULE.entities, detail: '&nbsp;' }],
    ];
    for (const [name, text, finding] of cases) expect(checkSvg(text), name).toEqual(finding);
  });

  it('refuses what is not one well-formed SVG document', () => {
    for (const text of [
      `<svg ${NS}><g></svg>`,
      `<svg ${NS}>`,
      `<svg ${NS}/><svg ${NS}/>`,
      `text<svg ${NS}/>`,
      `<html><svg ${NS}/></html>`,
      `<svg ${NS} a="1" a="2"/>`,
      `<svg ${NS} a=1/>`,
      `<svg ${NS}>a & b</svg>`,
      `<svg ${NS}><!-- never closed </svg>`,
    ])
      expect(checkSvg(text), text).toEqual({ rule: SVG_RULE.malformed, detail: '' });
  });
});
