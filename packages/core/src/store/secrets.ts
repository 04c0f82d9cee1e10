/**
 * Issue 12 item 6: refuse a bundle with secrets inside (private keys, API keys, tokens). A scanner
 * over one file's text answering each finding with its line and a redacted preview. Only patterns
 * that are reliable are used, because a false alarm blocks an honest upload:
 *
 * - Fixed shapes with a prefix nobody writes by chance: PEM private key blocks, Kiosk's and Stripe's
 *   secret keys (`sk_live_`/`sk_test_`, `rk_live_`), Kiosk access tokens (`kat_`; `tok_`), AWS access key
 *   ids (`AKIA…`/`ASIA…`), GitHub tokens (`ghp_…`, `github_pat_…`), Slack tokens, Google API keys.
 * - Shapes that are common for harmless data only when a name says what they are: 64 hex digits
 *   (every hash looks like an EVM private key; minified web3 code is full of event topics) count
 *   only when assigned to a name saying private key / secret / wallet / signer / mnemonic; a
 *   12–24 word phrase counts only when assigned to a name saying mnemonic / seed / recovery phrase
 *   (plain prose has twelve lowercase words too; checking the BIP-39 list would need its 2048 words
 *   in core for little gain once the name is required).
 * - Generic `secret`/`token`/`password`/`api_key` … assignments only with a quoted value of 16+
 *   characters, no spaces, high entropy (≥ 3.5 bits a character) and no placeholder look
 *   (`your-…`, `xxxx`, `${…}`, `<…>`, `example`): lockfile names like `js-tokens` have versions for
 *   values, and minified code assigns variables, not literals.
 */
export type SecretKind =
  | 'privateKeyBlock'
  | 'evmPrivateKey'
  | 'mnemonic'
  | 'kioskOrStripeKey'
  | 'kioskAccessToken'
  | 'awsAccessKey'
  | 'githubToken'
  | 'slackToken'
  | 'googleApiKey'
  | 'namedSecret';

export interface SecretFinding {
  kind: SecretKind;
  /** 1-based line and column of the secret's first character. */
  line: number;
  column: number;
  /** The line around the secret with the secret shortened to its first 4 characters. */
  preview: string;
}

export interface SecretScan {
  findings: SecretFinding[];
  /** True when the file was longer than the cap and only its beginning was read. */
  truncated: boolean;
}

/** Files are read up to this many characters: secrets sit in config and source, not in megabytes of data. */
export const SECRET_SCAN_MAX_CHARS = 2 * 1024 * 1024;

// Names that say a value is secret, in any case and with any separator (`apiKey`, `API_KEY`, `api-key`).
const SECRET_NAME = String.raw`[\w.-]*(?:secret|token|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|auth[_-]?key|credential)[\w-]*`;
const KEY_NAME = String.raw`(?:[\w.-]*(?:priv(?:ate)?[_-]?key|secret|wallet|signer|deployer|mnemonic)[\w-]*|(?:[\w.-]*[_.-])?pk)`;
// Names of values that are public or derived although the name says key, wallet or token.
const isPublicName = (name: string) =>
  /hash|topic|digest|address|salt|checksum|integrity|public|publishable/i.test(name) ||
  /(?:^|[_.-])id$|[a-z]Id$/.test(name);
const PHRASE_NAME = String.raw`[\w.-]*(?:mnemonic|seed[_-]?phrase|recovery[_-]?phrase|seed[_-]?words|secret[_-]?phrase)[\w-]*`;
// `name = "value"`, `name: 'value'`, `"name": "value"`, `NAME=value` (.env), with the value in group `v`.
const assignment = (name: string, value: string, quoted = false) =>
  new RegExp(
    String.raw`["']?\b(?<n>${name})["']?\s*(?:[:=]|:=|=>)\s*` +
      (quoted
        ? String.raw`(?<q>["'\`])(?<v>${value})\k<q>`
        : String.raw`(?<q>["'\`]?)(?<v>${value})\k<q>(?![\w])`),
    'gi',
  );

interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** Extra check on the secret text (group `v`, else the whole match). */
  accept?: (secret: string) => boolean;
  /** Assignments only: the name (group `n`) must not say the value is public. */
  named?: true;
}

const RULES: Rule[] = [
  {
    kind: 'privateKeyBlock',
    pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/g,
  },
  { kind: 'kioskOrStripeKey', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{24,}\b/g },
  { kind: 'kioskAccessToken', pattern: /\b(?:kat|tok)_[0-9A-Za-z]{24,}\b/g },
  { kind: 'awsAccessKey', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'githubToken', pattern: /\b(?:gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{60,})\b/g },
  { kind: 'slackToken', pattern: /\bxox[abprs]-[0-9A-Za-z-]{20,}\b/g },
  { kind: 'googleApiKey', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![\w-])/g },
  { kind: 'evmPrivateKey', pattern: assignment(KEY_NAME, '(?:0x)?[0-9a-fA-F]{64}'), named: true },
  {
    kind: 'mnemonic',
    pattern: assignment(PHRASE_NAME, '[a-z]{3,8}(?:[ ]+[a-z]{3,8}){11,23}', true),
    accept: isPhrase,
  },
  {
    kind: 'namedSecret',
    pattern: assignment(SECRET_NAME, String.raw`[^\s"'\`]{16,200}`, true),
    accept: looksRandom,
    named: true,
  },
];

/** BIP-39 phrases have 12, 15, 18, 21 or 24 words. */
function isPhrase(value: string): boolean {
  return [12, 15, 18, 21, 24].includes(value.trim().split(/ +/).length);
}

const PLACEHOLDER =
  /x{4}|\*{3}|\.{3}|…|\$\{|\{\{|<[^>]*>|your|example|changeme|placeholder|dummy|sample|redacted|process\.env|^[a-z]+(?:[-_.][a-z]+)+$/i;

/** Shannon entropy in bits per character. */
export function entropyPerChar(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

function looksRandom(value: string): boolean {
  if (PLACEHOLDER.test(value) || /^(?:https?|file):\/\//i.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(value)).length;
  return classes >= 2 && entropyPerChar(value) >= 3.5;
}

function redact(secret: string): string {
  return `${secret.slice(0, 4)}…[${secret.length} chars]`;
}

/** The secret's line, cut to 40 characters either side of it, the secret itself redacted. */
function previewOf(text: string, start: number, secret: string): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', start);
  const lineEnd = next === -1 ? text.length : next;
  const before = text.slice(Math.max(lineStart, start - 40), start);
  const after = text.slice(start + secret.length, Math.min(lineEnd, start + secret.length + 40));
  return `${before}${redact(secret)}${after}`.trim();
}

/** Scans one file's text; a file holding a NUL character is binary and is not read. */
export function scanForSecrets(text: string, maxChars = SECRET_SCAN_MAX_CHARS): SecretScan {
  const truncated = text.length > maxChars;
  const body = truncated ? text.slice(0, maxChars) : text;
  if (body.includes('\0')) return { findings: [], truncated };
  const findings: SecretFinding[] = [];
  const seen = new Set<number>();
  for (const rule of RULES) {
    for (const match of body.matchAll(rule.pattern)) {
      const secret = match.groups?.v ?? match[0];
      const start = match.index + match[0].lastIndexOf(secret);
      if (seen.has(start) || (rule.accept && !rule.accept(secret))) continue;
      if (rule.named && isPublicName(match.groups?.n ?? '')) continue;
      seen.add(start); // one finding per secret: a named `sk_live_` key is not also a "named secret"
      const lineStart = body.lastIndexOf('\n', start - 1) + 1;
      findings.push({
        kind: rule.kind,
        line: countLines(body, start),
        column: start - lineStart + 1,
        preview: previewOf(body, start, secret),
      });
    }
  }
  return { findings: findings.sort((a, b) => a.line - b.line || a.column - b.column), truncated };
}

function countLines(text: string, end: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
