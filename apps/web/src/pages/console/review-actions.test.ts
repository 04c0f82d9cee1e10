import { describe, expect, it } from 'vitest';
import { adminActionsFor } from './review-actions.ts';

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
