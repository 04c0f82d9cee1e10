const GRID = 5;

/** A number from a hex string's characters, stable across visits, for colours and cells. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

export function colorOf(seed: string): string {
  return `hsl(${hashOf(seed) % 360} 55% 45%)`;
}

/**
 * A mirrored 5×5 pattern drawn from an address, as an SVG data URL: a user without an avatar still
 * gets a picture of their own that others can tell apart.
 */
export function identiconDataUrl(address: string): string {
  const hex = address
    .toLowerCase()
    .replace(/^0x/, '')
    .padEnd(GRID * 3, '0');
  const cells: string[] = [];
  for (let row = 0; row < GRID; row += 1) {
    for (let column = 0; column < Math.ceil(GRID / 2); column += 1) {
      const digit = parseInt(hex[row * 3 + column] ?? '0', 16);
      if (Number.isNaN(digit) || digit % 2 === 0) continue;
      cells.push(`<rect x="${column}" y="${row}" width="1" height="1"/>`);
      if (column !== GRID - 1 - column)
        cells.push(`<rect x="${GRID - 1 - column}" y="${row}" width="1" height="1"/>`);
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 ${GRID + 2} ${GRID + 2}" shape-rendering="crispEdges">` +
    `<rect x="-1" y="-1" width="${GRID + 2}" height="${GRID + 2}" fill="#f1f2f6"/>` +
    `<g fill="${colorOf(address.toLowerCase())}">${cells.join('')}</g></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
