import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';

/**
 * The browser's half of `kiosk keygen` (issue 12 item 1). The web does not import @kiosk/bundle (it
 * brings Node's tar), so the few facts it shares with the CLI are restated here, and app-key.test.ts
 * checks them against the bundle package's source: the key file's name (`APP_KEY_FILE` in pack.ts),
 * its content (the hex key and a newline, as keygen.ts writes it), and the app DID
 * (`appDidFromPrivateKey` in app-did.ts: `did:pkh:eip155:1:{address, lowercase}`).
 */
export const APP_KEY_FILE = '.kiosk-app-key';

export const APP_DID_PATTERN = /^did:pkh:eip155:1:0x[0-9a-f]{40}$/;

export interface AppKeyPair {
  privateKey: `0x${string}`;
  did: string;
}

/** The app DID of a private key: what `kiosk keygen` prints and kiosk.json's `did` holds. */
export function appDidFromPrivateKey(privateKey: `0x${string}`): string {
  return `did:pkh:eip155:1:${privateKeyToAddress(privateKey).toLowerCase()}`;
}

/** A new key pair from the browser's cryptographic random source; nothing leaves the page. */
export function generateAppKeyPair(): AppKeyPair {
  const privateKey = generatePrivateKey();
  return { privateKey, did: appDidFromPrivateKey(privateKey) };
}

/** The key file's text, byte for byte what `kiosk keygen` writes. */
export function appKeyFileContent(privateKey: `0x${string}`): string {
  return `${privateKey}\n`;
}

/** The line of kiosk.json that names the app. */
export function kioskJsonDidLine(did: string): string {
  return `"did": ${JSON.stringify(did)}`;
}
