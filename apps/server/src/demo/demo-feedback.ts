import type { FastifyInstance } from 'fastify';
import { DEMO_APPS, demoAppDid } from './demo-apps.ts';
import { signInInProcess } from './in-process.ts';

/** Demo accounts that rate and comment (buyers the demo's own buyer, account 0, is not among). */
const REVIEWERS = [3, 4, 5] as const;

/** What each reviewer thinks of each free demo app: a score, and a few words in both languages. */
const FEEDBACK: Record<string, { score: number; body: string }[]> = {
  'weather-board': [
    { score: 5, body: 'Exactly the forecast I need in the morning, **nothing else**.' },
    { score: 4, body: '很实用，希望以后能加上空气质量。' },
    { score: 4, body: 'Clean and quick. A week view would make it perfect.' },
  ],
  'pocket-notes': [
    { score: 4, body: 'My shopping lists live here now.' },
    { score: 5, body: '简单好用，同步很快。' },
    { score: 3, body: 'Good, but I miss folders.' },
  ],
};

/**
 * A few ratings and comments on the free demo apps (issue 24: the demo shows an app page as people
 * would find it), made through the API as the reviewers' own sessions would. Each reviewer's rating
 * is set again (one per user), and a comment is added only by a reviewer who has none there yet, so
 * a later start adds nothing. Answers how many comments it added.
 */
export async function ensureDemoFeedback(app: FastifyInstance): Promise<number> {
  let added = 0;
  for (const [index, account] of REVIEWERS.entries()) {
    const reviewer = await signInInProcess(app, account);
    try {
      const { body: session } = await reviewer.call('GET', '/api/session');
      const did = session.user.did as string;
      for (const demo of DEMO_APPS) {
        const opinion = FEEDBACK[demo.name]?.[index];
        if (!opinion) continue;
        const path = `/api/apps/${demoAppDid(demo.name)}`;
        await expectOk(reviewer.call('PUT', `${path}/rating`, { score: opinion.score }), 'rating');
        const { body: comments } = await reviewer.call('GET', `${path}/comments?pageSize=100`);
        const own = (comments.list as { author_did: string }[]).some((comment) => comment.author_did === did);
        if (own) continue;
        await expectOk(reviewer.call('POST', `${path}/comments`, { body: opinion.body }), 'comment');
        added++;
      }
    } finally {
      await reviewer.signOut();
    }
  }
  return added;
}

async function expectOk(answer: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`demo ${what}: ${status} ${JSON.stringify(body)}`);
}
