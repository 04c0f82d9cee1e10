import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { appDidFromPrivateKey } from './app-did.ts';
import { integrityOf } from './integrity.ts';
import { releaseText, signRelease, verifyRelease, type SignedRelease } from './release-signature.ts';

const appKey = generatePrivateKey();
const release = {
  did: appDidFromPrivateKey(appKey),
  name: 'weather-board',
  version: '1.4.0',
  integrity: integrityOf(Buffer.from('tarball')),
};

describe('release signature', () => {
  it('signs a canonical text that names what it signs, line by line', () => {
    expect(releaseText(release)).toBe(
      `Kiosk Store release v1\ndid: ${release.did}\nname: weather-board\nversion: 1.4.0\nintegrity: ${release.integrity}`,
    );
  });

  it('is verified as signed by the app DID', async () => {
    const signed = await signRelease(appKey, release);
    expect(await verifyRelease(signed)).toEqual({ ok: true, signer: release.did });
  });

  it('answers WRONG_SIGNER for a release signed by another key than the DID names', async () => {
    const otherKey = generatePrivateKey();
    const signature = await privateKeyToAccount(otherKey).signMessage({ message: releaseText(release) });
    expect(await verifyRelease({ ...release, signature })).toEqual({
      ok: false,
      reason: 'WRONG_SIGNER',
      signer: appDidFromPrivateKey(otherKey),
    });
  });

  it('answers WRONG_SIGNER when a signed field is changed afterwards', async () => {
    const signed = await signRelease(appKey, release);
    for (const change of [
      { version: '1.4.1' },
      { name: 'weather-bored' },
      { integrity: integrityOf(Buffer.from('other')) },
    ])
      expect(await verifyRelease({ ...signed, ...change }), JSON.stringify(change)).toMatchObject({
        ok: false,
        reason: 'WRONG_SIGNER',
      });
  });

  it('answers BAD_SIGNATURE for what is not a signature', async () => {
    const signed = await signRelease(appKey, release);
    const s = signed.signature;
    for (const signature of [
      '',
      '0x1234',
      `0x${'00'.repeat(65)}`,
      `${s.slice(0, 130)}05`,
      `${s.slice(0, 66)}${'00'.repeat(32)}${s.slice(130)}`,
    ])
      expect(await verifyRelease({ ...signed, signature }), signature).toEqual({
        ok: false,
        reason: 'BAD_SIGNATURE',
      });
  });

  it('refuses fields whose form would make the signed text ambiguous', async () => {
    const signed = await signRelease(appKey, release);
    const cases: [Partial<SignedRelease>, string][] = [
      [{ name: 'weather\nversion: 9.9.9' }, 'name'],
      [{ did: release.did.toUpperCase() }, 'did'],
      [{ version: '1.4' }, 'version'],
      [{ integrity: 'sha1-abc' }, 'integrity'],
    ];
    for (const [change, field] of cases)
      expect(await verifyRelease({ ...signed, ...change })).toEqual({
        ok: false,
        reason: 'MALFORMED_RELEASE',
        field,
      });
  });

  it("will not sign with a key that is not the DID's", async () => {
    await expect(signRelease(generatePrivateKey(), release)).rejects.toThrow(/not the app's key/);
  });
});
