import { describe, expect, it } from 'vitest';
import { shortAddress, shortDid } from './short-address.ts';

const ACCOUNT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const PKH = `did:pkh:eip155:1:${ACCOUNT}`;
const ABT = 'did:abt:z1DeveloperKey9999xyz';
const KEY = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

describe('shortAddress', () => {
  it('keeps 0x and four characters each side, and leaves a short address whole', () => {
    expect(shortAddress(ACCOUNT)).toBe('0x7099…79c8');
    expect(shortAddress('0x123456789')).toBe('0x123456789');
  });
});

describe('shortDid', () => {
  it('shortens the account alone by default, as the dashboard and the supporters chip show it', () => {
    expect(shortDid(PKH)).toBe('0x7099…79c8');
    expect(shortDid(PKH)).toBe(shortAddress(ACCOUNT));
  });

  it('keeps the method whole when asked, the account shortened the same way', () => {
    expect(shortDid(PKH, { method: true })).toBe('did:pkh:eip155:1:0x7099…79c8');
  });

  it('keeps as many characters each side as asked, not counting 0x', () => {
    expect(shortDid(PKH, { method: true, visible: 8 })).toBe('did:pkh:eip155:1:0x70997970…17dc79c8');
    expect(shortDid(PKH, { visible: 2 })).toBe('0x70…c8');
  });

  it('shortens the identifier of other methods by the same count, with nothing to skip', () => {
    expect(shortDid(ABT)).toBe('z1De…9xyz');
    expect(shortDid(ABT, { method: true })).toBe('did:abt:z1De…9xyz');
    expect(shortDid(KEY, { method: true })).toBe('did:key:z6Mk…2doK');
    expect(shortDid(KEY, { method: true, visible: 6 })).toBe('did:key:z6Mkha…ta2doK');
  });

  it('leaves an identifier whole when shortening would not save a character', () => {
    // Nine characters at four each side: `z1Ab…9xYz` would be as long.
    expect(shortDid('did:abt:z1Ab09xYz', { method: true })).toBe('did:abt:z1Ab09xYz');
    expect(shortDid('did:abt:z1Ab09xYz')).toBe('z1Ab09xYz');
    expect(shortDid('did:pkh:eip155:1:0x123456789', { method: true })).toBe('did:pkh:eip155:1:0x123456789');
    expect(shortDid('did:abt:z1Ab012xYz')).toBe('z1Ab…2xYz');
  });

  it('takes a bare identifier, with no method to keep', () => {
    expect(shortDid(ACCOUNT, { method: true })).toBe('0x7099…79c8');
  });
});
