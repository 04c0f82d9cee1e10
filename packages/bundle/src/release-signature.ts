import { parseSemver } from '@kiosk/core';
import { recoverMessageAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { addressOfAppDid, appDidFromPrivateKey, appDidOfAddress, isAppDid } from './app-did.ts';
import { isIntegrity } from './integrity.ts';

/**
 * A release is what the app key signs: which app (DID and name), which version, and which bytes
 * (the tarball's integrity). The store accepts an upload only with this signature, so only the
 * holder of the app's private key can publish it: an access token alone, stolen or leaked, cannot.
 */
export interface Release {
  did: string;
  name: string;
  version: string;
  integrity: string;
}

export interface SignedRelease extends Release {
  /** EIP-191 personal signature (65 bytes, hex) of `releaseText(release)` by the app key. */
  signature: string;
}

export type ReleaseVerdict =
  | { ok: true; signer: string }
  /** A field is not of its form, so the signed text would not say one thing only (see below). */
  | { ok: false; reason: 'MALFORMED_RELEASE'; field: keyof Release }
  /** The signature is not a signature at all (length, r, s or v out of range). */
  | { ok: false; reason: 'BAD_SIGNATURE' }
  /**
   * A valid signature, but by another key than the DID's: signed by another key, or over other text
   * (another version, another tarball), which recovers another key too; the two are one case.
   */
  | { ok: false; reason: 'WRONG_SIGNER'; signer: string };

export const RELEASE_TEXT_TITLE = 'Kiosk Store release v1';

// Fields never hold a line break or other control character (Unicode Cc): a name such as
// `a\nversion: 9` would make two different releases read as the same text. The other fields have
// stricter forms of their own.
const NAME_FORM = /^\P{Cc}{1,200}$/u;

function malformedField(release: Release): keyof Release | undefined {
  if (typeof release.did !== 'string' || !isAppDid(release.did)) return 'did';
  if (typeof release.name !== 'string' || !NAME_FORM.test(release.name)) return 'name';
  if (typeof release.version !== 'string' || !parseSemver(release.version)) return 'version';
  if (typeof release.integrity !== 'string' || !isIntegrity(release.integrity)) return 'integrity';
  return undefined;
}

/**
 * The text the app key signs, UTF-8, lines joined by LF, no trailing newline. The title names what
 * is signed and the format's version, so this signature can never be taken for a sign-in or any
 * other Kiosk message.
 */
export function releaseText(release: Release): string {
  return [
    RELEASE_TEXT_TITLE,
    `did: ${release.did}`,
    `name: ${release.name}`,
    `version: ${release.version}`,
    `integrity: ${release.integrity}`,
  ].join('\n');
}

/**
 * Signs a release with the app's private key (the CLI's `kiosk publish`). Throws when the key is not
 * the DID's or a field is malformed: the store would refuse such a release anyway.
 */
export async function signRelease(privateKey: Hex, release: Release): Promise<SignedRelease> {
  const field = malformedField(release);
  if (field) throw new Error(`release ${field} is malformed: ${JSON.stringify(release[field])}`);
  const keyDid = appDidFromPrivateKey(privateKey);
  if (keyDid !== release.did) throw new Error(`this key is ${keyDid}, not the app's key ${release.did}`);
  const { did, name, version, integrity } = release;
  const signature = await privateKeyToAccount(privateKey).signMessage({ message: releaseText(release) });
  return { did, name, version, integrity, signature };
}

const SIGNATURE_FORM = /^0x[0-9a-fA-F]{130}$/;

export async function verifyRelease(release: SignedRelease): Promise<ReleaseVerdict> {
  const field = malformedField(release);
  if (field) return { ok: false, reason: 'MALFORMED_RELEASE', field };
  if (typeof release.signature !== 'string' || !SIGNATURE_FORM.test(release.signature))
    return { ok: false, reason: 'BAD_SIGNATURE' };
  let signer: `0x${string}`;
  try {
    signer = await recoverMessageAddress({
      message: releaseText(release),
      signature: release.signature as Hex,
    });
  } catch {
    return { ok: false, reason: 'BAD_SIGNATURE' };
  }
  const signerDid = appDidOfAddress(signer);
  if (signer.toLowerCase() !== addressOfAppDid(release.did))
    return { ok: false, reason: 'WRONG_SIGNER', signer: signerDid };
  return { ok: true, signer: signerDid };
}
