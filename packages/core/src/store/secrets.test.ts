import { describe, expect, it } from 'vitest';
import { scanForSecrets, type SecretKind } from './secrets.ts';

const kinds = (text: string): SecretKind[] => scanForSecrets(text).findings.map((f) => f.kind);
// Built at run time so this file itself holds no secret-shaped text for scanners of this repository.
const hex64 = 'a3f1'.repeat(16);
const base62 = 'Zk3qT9vLm2Xw8RpA7cYd4HfN6sGb1Ju5';

describe('secrets in a bundle (issue 12 item 6)', () => {
  it('finds private keys: PEM blocks and named 64-hex EVM keys', () => {
    expect(kinds('x\n-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n-----END RSA PRIVATE KEY-----')).toEqual([
      'privateKeyBlock',
    ]);
    expect(kinds('-----BEGIN OPENSSH PRIVATE KEY-----')).toEqual(['privateKeyBlock']);
    expect(kinds(`PRIVATE_KEY=0x${hex64}`)).toEqual(['evmPrivateKey']);
    expect(kinds(`const wallet = new Wallet("${hex64}")`)).toEqual([]);
    expect(kinds(`{"deployerPk": "0x${hex64}"}`)).toEqual(['evmPrivateKey']);
    expect(kinds(`signerKey: '${hex64}',`)).toEqual(['evmPrivateKey']);
  });

  it('finds a named mnemonic of 12 or 24 words, not prose', () => {
    const twelve = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    expect(kinds(`MNEMONIC="${twelve}"`)).toEqual(['mnemonic']);
    expect(kinds(`const seedPhrase = '${twelve} ${twelve}';`)).toEqual(['mnemonic']);
    expect(kinds(`mnemonic: "${twelve.split(' ').slice(0, 11).join(' ')}"`)).toEqual([]);
    expect(kinds(`description: "${twelve}"`)).toEqual([]);
  });

  it('finds Kiosk, Stripe, AWS, GitHub, Slack and Google keys anywhere', () => {
    expect(kinds(`key = "sk_live_${base62}"`)).toEqual(['kioskOrStripeKey']);
    expect(kinds(`sk_test_${base62}`)).toEqual(['kioskOrStripeKey']);
    expect(kinds(`KIOSK_TOKEN=tok_${base62}`)).toEqual(['kioskAccessToken']);
    expect(kinds(`KIOSK_TOKEN=kat_${base62}`)).toEqual(['kioskAccessToken']);
    expect(kinds(`aws_access_key_id = AKIA${'IOSFODNN7EXAMPLE'}`)).toEqual(['awsAccessKey']);
    expect(kinds(`git clone https://ghp_${base62}abcd@github.com/x/y`)).toEqual(['githubToken']);
    expect(kinds(`xoxb-${'1234567890-'}${base62}`)).toEqual(['slackToken']);
    expect(kinds(`apiKey: "AIza${base62}abc"`)).toEqual(['googleApiKey']);
  });

  it('finds high-entropy values assigned to secret, token or password names', () => {
    expect(kinds(`const API_SECRET = "${base62}";`)).toEqual(['namedSecret']);
    expect(kinds(`{"password": "Tr0ub4dor&3xK9pLq"}`)).toEqual(['namedSecret']);
    expect(kinds(`authToken: \`${base62}\``)).toEqual(['namedSecret']);
  });

  it('leaves placeholders, low-entropy words and environment reads alone', () => {
    for (const text of [
      'password: "your-password-here"',
      'API_KEY="xxxxxxxxxxxxxxxxxxxx"',
      'token: "${process.env.TOKEN}"',
      'secret = "<paste your secret>"',
      'password: "passwordpassword"',
      'const token = process.env.KIOSK_TOKEN;',
      'accessTokenName: "Access Token Name is required"',
      'tokenEndpoint: "https://example.org/oauth2/token/endpoint"',
      `txHash: "0x${hex64}"`,
      `walletAddressHash = "${hex64}"`,
    ])
      expect(kinds(text), text).toEqual([]);
  });

  it('does not flag typical minified JavaScript', () => {
    const minified = [
      `!function(e,t){"object"==typeof exports?module.exports=t():e.lib=t()}(this,function(){var n={token:null,password:""};`,
      `const TRANSFER_TOPIC="0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";`,
      `function s(e){return e.secret?e.secret.replace(/[A-Za-z0-9+/=]{16,}/g,"*"):e.token||t.password}`,
      `var r=new Uint8Array(32),o="0123456789abcdef",a={apiKey:e.apiKey,authDomain:"app.firebaseapp.com"};`,
      `e.headers.Authorization="Bearer "+n.accessToken;var tokenizer=/(?:\\s+|[A-Za-z_$][\\w$]*)/g;`,
      `sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbImluZGV4LnRzIl19`,
    ].join('');
    expect(scanForSecrets(minified).findings).toEqual([]);
  });

  it('does not flag package-lock.json, yarn.lock or pnpm-lock.yaml entries', () => {
    const lock = `{
  "node_modules/js-tokens": {
    "version": "4.0.0",
    "resolved": "https://registry.npmjs.org/js-tokens/-/js-tokens-4.0.0.tgz",
    "integrity": "sha512-RdJUflcE3cUzKiMqQgsCu06FPu9UdIJO0beYbPhHN4k6apgJtifcoCtT9bcxOpYBtpD2kCM6Sbzg4CausW/PKQ=="
  },
  "node_modules/@noble/secp256k1": { "version": "1.7.1" },
  "node_modules/secret-handshake": { "version": "1.1.21" }
}
js-tokens@^4.0.0:
  version "4.0.0"
  resolved "https://registry.yarnpkg.com/js-tokens/-/js-tokens-4.0.0.tgz#19203fb59991df98e3a287050d4647cdeaf32499"
  integrity sha512-RdJUflcE3cUzKiMqQgsCu06FPu9UdIJO0beYbPhHN4k6apgJtifcoCtT9bcxOpYBtpD2kCM6Sbzg4CausW/PKQ==
/tokenizr@2.0.0:
    resolution: {integrity: sha512-RdJUflcE3cUzKiMqQgsCu06FPu9UdIJO0beYbPhHN4k6apgJtifcoCtT9bcxOpYBtpD2kCM6Sbzg4CausW/PKQ==}
    password-prompt: 1.1.3
`;
    expect(scanForSecrets(lock).findings).toEqual([]);
  });

  it('answers the line, column and a redacted preview', () => {
    const text = `# config\nname = "demo"\nSTRIPE_KEY = "sk_live_${base62}" # prod\n`;
    const [finding] = scanForSecrets(text).findings;
    expect(finding).toEqual({
      kind: 'kioskOrStripeKey',
      line: 3,
      column: 15,
      preview: 'STRIPE_KEY = "sk_l…[40 chars]" # prod',
    });
    expect(finding!.preview).not.toContain(base62);
  });

  it('reads a file only up to the cap, and skips binary files', () => {
    const text = `${'a'.repeat(100)}\nsk_live_${base62}`;
    expect(scanForSecrets(text, 50)).toEqual({ findings: [], truncated: true });
    expect(scanForSecrets(text).truncated).toBe(false);
    expect(scanForSecrets(`\0PNG sk_live_${base62}`).findings).toEqual([]);
  });
});
