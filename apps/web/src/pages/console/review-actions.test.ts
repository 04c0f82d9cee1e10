import { describe, expect, it } from 'vitest';
import { adminActionsFor, developerActionsFor } from './review-actions.ts';

describe('adminActionsFor', () => {
  it.each([
    ['draft', []],
    ['pending', ['startReview', 'comment']],
    ['inReview', ['approve', 'reject', 'comment']],
    ['approved', ['comment']],
    ['rejected', ['comment']],
    ['cancelled', ['comment']],
    ['published', ['comment']],
  ] as const)('offers for a %s version only what core allows: %j', (status, actions) => {
    expect(adminActionsFor(status)).toEqual(actions);
  });
});

const open = { reviewType: null, blocked: false } as const;

describe('developerActionsFor', () => {
  it.each([
    ['draft', ['requestReview', 'publish']],
    ['pending', ['reply', 'cancelReview']],
    ['inReview', ['reply', 'cancelReview']],
    ['approved', ['publish', 'reply', 'cancelReview']],
    ['rejected', ['reply']],
    ['cancelled', ['reply']],
    ['published', ['reply']],
  ] as const)('offers on a %s version what core allows: %j', (status, actions) => {
    expect(developerActionsFor(status, open)).toEqual(actions);
  });

  it('does not offer publishing a draft of an app reviewed for every version', () => {
    expect(developerActionsFor('draft', { reviewType: 'every', blocked: false })).toEqual(['requestReview']);
  });

  it('offers a blocked app neither review nor publishing, only its thread and cancelling', () => {
    expect(developerActionsFor('draft', { reviewType: null, blocked: true })).toEqual([]);
    expect(developerActionsFor('approved', { reviewType: null, blocked: true })).toEqual([
      'reply',
      'cancelReview',
    ]);
  });
});
