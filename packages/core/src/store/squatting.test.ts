import { describe, expect, it } from 'vitest';
import {
  boundedEditDistance,
  checkNameSquatting,
  findSquattedName,
  normaliseAppName,
  squatDistance,
} from './squatting.ts';

describe('squatting names (issue 12 item 6)', () => {
  it('normalises case, separators, look-alike characters and repeated letters', () => {
    expect(normaliseAppName('My-Wallet')).toBe('mywalet');
    expect(normaliseAppName('my_wa11et')).toBe('mywalet');
    expect(normaliseAppName('MY_WAIIET')).toBe('mywalet');
    expect(normaliseAppName('m0dern')).toBe('modem');
    expect(normaliseAppName('vvallet')).toBe('walet');
  });

  it('finds names that read the same as an existing one', () => {
    const existing = ['chat-hub', 'my-wallet'];
    for (const squat of [
      'mywallet',
      'my_wa11et',
      'My-Wallet',
      'my-walet',
      'my-wallett',
      'mywa1let',
      'my-vvallet',
    ])
      expect(findSquattedName(squat, existing), squat).toBe('my-wallet');
  });

  it('finds a name one edit away, and leaves a name two edits away free (5 to 11 letters)', () => {
    expect(findSquattedName('my-wallat', ['my-wallet'])).toBe('my-wallet'); // substitution
    expect(findSquattedName('my-walets', ['my-wallet'])).toBe('my-wallet'); // insertion
    expect(findSquattedName('my-wlalet', ['my-wallet'])).toBe('my-wallet'); // swap
    expect(findSquattedName('my-walnut', ['my-wallet'])).toBeUndefined();
    expect(findSquattedName('your-wallet', ['my-wallet'])).toBeUndefined();
  });

  it('asks short names to differ after normalising, and allows long names 2 edits', () => {
    expect(squatDistance(4)).toBe(0);
    expect(findSquattedName('chat', ['chap'])).toBeUndefined();
    expect(findSquattedName('Chat', ['chat'])).toBe('chat');
    expect(squatDistance(11)).toBe(1);
    expect(squatDistance(12)).toBe(2);
    expect(findSquattedName('photo-organizr', ['photo-organiser'])).toBe('photo-organiser'); // 2 edits
    expect(findSquattedName('photo-organ', ['photo-organiser'])).toBeUndefined();
  });

  it('answers the closest of several near names', () => {
    expect(findSquattedName('my-walet', ['my-wallat', 'my-wallet'])).toBe('my-wallet');
  });

  it('gives up past the bound but counts exactly within it', () => {
    expect(boundedEditDistance('kitten', 'sitting', 5)).toBe(3);
    expect(boundedEditDistance('kitten', 'sitting', 1)).toBe(2);
    expect(boundedEditDistance('ab', 'ba', 1)).toBe(1);
    expect(boundedEditDistance('', 'abc', 5)).toBe(3);
  });

  it('answers the i18n key with the name it is too close to', () => {
    expect(checkNameSquatting('my_wa11et', ['my-wallet'])).toEqual({
      key: 'store.appName.tooClose',
      params: { existing: 'my-wallet' },
    });
    expect(checkNameSquatting('my-walnut', ['my-wallet'])).toBeUndefined();
  });
});
