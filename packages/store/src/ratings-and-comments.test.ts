import { removeTempDirs } from '@kiosk/bundle/test-fixtures';
import { randomName, startStoreWorld, testEngines, type Client, type StoreWorld } from '@kiosk/testkit';
import type { StoreTables } from './tables.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_PRIOR_MEAN, RATING_PRIOR_WEIGHT, SCORE_WEIGHTS } from './apps/search.ts';
import { COMMENTS_PER_MINUTE } from './comments/rate-limit.ts';

afterAll(removeTempDirs);

/**
 * Ratings through the real server (issue 24 item 5): one per user and app, changeable, counted in a
 * 1–5 histogram; refused to nobody signed in and to the app's developer (to a paid app's non-buyers:
 * paid-apps.test.ts); and the search's rating part, a Bayesian average that `?explain=1` shows.
 */

describe.each(await testEngines())('ratings on %s', (engine) => {
  let store: StoreWorld<StoreTables>;
  const rate = (client: Client, did: string, score: unknown, headers: Record<string, string> = {}) =>
    client.request(`/api/apps/${did}/rating`, { method: 'PUT', body: { score }, headers });
  const summary = async (client: Client, did: string) => {
    const answer = await client.request(`/api/apps/${did}/ratings`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    store = await startStoreWorld<StoreTables>(engine);
  });
  afterAll(() => store?.close());

  it('rates an app, changes the rating, and counts each score in the histogram', async () => {
    const did = await store.publishedApp();
    const [ann, bob] = [await store.member(), await store.member()];
    expect(await summary(store.anonymous, did)).toEqual({
      object: 'rating_summary',
      app_did: did,
      average: null,
      count: 0,
      histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      mine: null,
      refusal: 'UNAUTHENTICATED',
    });

    const first = await rate(ann.client, did, 4);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.rating).toMatchObject({
      object: 'rating',
      app_did: did,
      user_did: ann.did,
      score: 4,
      version: '1.0.0',
    });
    expect((await rate(bob.client, did, 2)).status).toBe(200);
    expect(await summary(ann.client, did)).toMatchObject({
      average: 3,
      count: 2,
      histogram: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
      mine: 4,
      refusal: null,
    });

    // Ann changes her mind: still one rating of hers, moved in the histogram.
    store.clock.advance({ seconds: 5 });
    const changed = await rate(ann.client, did, 5);
    expect(changed.body.rating).toMatchObject({ id: first.body.rating.id, score: 5 });
    expect(changed.body.rating.updated_at).toBeGreaterThan(first.body.rating.updated_at);
    expect(changed.body.summary).toMatchObject({
      average: 3.5,
      count: 2,
      histogram: { 2: 1, 4: 0, 5: 1 },
      mine: 5,
    });
    // The same score again changes nothing and records nothing.
    const again = await rate(ann.client, did, 5);
    expect(again.status).toBe(200);
    expect(again.body.summary).toEqual(changed.body.summary);
    expect(await store.eventsOf(first.body.rating.id)).toEqual(['rating.created', 'rating.updated']);
    expect(await summary(bob.client, did)).toMatchObject({ count: 2, mine: 2 });
    expect(await summary(store.anonymous, did)).toMatchObject({ average: 3.5, mine: null });
  });

  it('refuses a rating from nobody signed in, out of range, or of an app not on the store front', async () => {
    const did = await store.publishedApp();
    const { client } = await store.member();
    const anonymous = await rate(store.anonymous, did, 5, { 'accept-language': 'zh' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED', error: '请先登录' });
    for (const score of [0, 6, 3.5, '5']) {
      const refused = await rate(client, did, score);
      expect(refused.status, String(score)).toBe(400);
      expect(refused.body.details, String(score)).toContainEqual({
        path: 'body.score',
        message: 'A rating is a whole number of stars from 1 to 5',
      });
    }
    const missing = await rate(client, `did:abt:${randomName()}`, 5);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('APP_NOT_FOUND');
    expect((await summary(store.anonymous, did)).count).toBe(0);
  });

  it("refuses the developer's own rating (a paid app's non-buyers: paid-apps.test.ts)", async () => {
    const did = await store.publishedApp();
    const own = await rate(store.developer, did, 5);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ code: 'RATING_OWN_APP', error: 'You cannot rate your own app' });
    expect(await summary(store.developer, did)).toMatchObject({ count: 0, refusal: 'RATING_OWN_APP' });
  });

  it('ranks a hundred 4.6-star ratings above one 5-star rating, as ?explain=1 shows', async () => {
    const word = randomName();
    // The same text, so that only the ratings (and a second of freshness) tell them apart.
    const metadata = { title: `${word} Planner`, description: 'Plans your day.' };
    const many = await store.publishedApp(metadata);
    store.clock.advance({ seconds: 1 });
    const one = await store.publishedApp(metadata);
    type Scored = { did: string; score: Record<string, number> };
    const explained = async () =>
      (await store.anonymous.request(`/api/apps?q=${word}&explain=1`)).body.list as Scored[];

    // Unrated, the newer app comes first, and the rating part is 0 for both.
    const before = await explained();
    expect(before.map((app) => app.did)).toEqual([one, many]);
    for (const app of before) expect(app.score.rating).toBe(0);

    const raters = await Promise.all(Array.from({ length: 101 }, () => store.member()));
    const answers = await Promise.all([
      rate(raters[0]!.client, one, 5),
      // 60 fives and 40 fours: a mean of 4.6.
      ...raters.slice(1).map(({ client }, i) => rate(client, many, i < 60 ? 5 : 4)),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await summary(store.anonymous, many)).toMatchObject({
      average: 4.6,
      count: 100,
      histogram: { 4: 40, 5: 60 },
    });
    expect(await summary(store.anonymous, one)).toMatchObject({ average: 5, count: 1 });

    const after = await explained();
    expect(after.map((app) => app.did)).toEqual([many, one]);
    const bayes = (total: number, count: number) =>
      ((RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + total) / (RATING_PRIOR_WEIGHT + count) -
        RATING_PRIOR_MEAN) /
      (5 - RATING_PRIOR_MEAN);
    const scoreOf = (did: string) => after.find((app) => app.did === did)!.score;
    expect(scoreOf(many).rating).toBeCloseTo(bayes(460, 100), 5);
    expect(scoreOf(one).rating).toBeCloseTo(bayes(5, 1), 5);
    expect(scoreOf(one).rating).toBeLessThan(scoreOf(many).rating!);
    for (const { score } of after)
      expect(score.total).toBeCloseTo(
        SCORE_WEIGHTS.text * score.text! +
          SCORE_WEIGHTS.popularity * score.popularity! +
          SCORE_WEIGHTS.freshness * score.freshness! +
          SCORE_WEIGHTS.rating * score.rating! +
          score.exact_name!,
        5,
      );
  });
});

/**
 * Comments through the real server (issue 24 item 5): threads with the developer's replies marked,
 * edits and deletes of one's own, "helpful" votes and sorting, abuse reports, the admins' hiding
 * (gone for everyone but the author and the admins) and the per-user rate limit.
 */

describe.each(await testEngines())('comments on %s', (engine) => {
  let store: StoreWorld<StoreTables>;
  const comments = async (client: Client, did: string, query = '') => {
    const answer = await client.request(`/api/apps/${did}/comments${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { list: any[]; count: number };
  };
  const post = (client: Client, did: string, body: unknown, headers: Record<string, string> = {}) =>
    client.request(`/api/apps/${did}/comments`, { method: 'POST', body, headers });
  const posted = async (client: Client, did: string, body: Record<string, unknown>) => {
    const answer = await post(client, did, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    store.clock.advance({ seconds: 1 });
    return answer.body;
  };

  beforeAll(async () => {
    store = await startStoreWorld<StoreTables>(engine);
  });
  afterAll(() => store?.close());

  it("threads replies under a comment, marks the developer's, and keeps Markdown as text", async () => {
    const did = await store.publishedApp();
    const ann = await store.member();
    const markdown = '**Great** app. <script>alert(1)</script> [site](javascript:alert(1))';
    const comment = await posted(ann.client, did, { body: markdown });
    expect(comment).toMatchObject({
      object: 'comment',
      app_did: did,
      parent_id: null,
      author_did: ann.did,
      by_developer: false,
      body: markdown,
      mine: true,
      hidden: false,
      helpful_count: 0,
    });
    const answer = await posted(store.developer, did, { body: 'Thanks!', parent_id: comment.id });
    expect(answer).toMatchObject({ parent_id: comment.id, by_developer: true });
    const other = await posted(ann.client, did, { body: 'And one more thing', parent_id: comment.id });

    const seen = await comments(store.anonymous, did);
    expect(seen.count).toBe(1);
    expect(seen.list[0]).toMatchObject({ id: comment.id, body: markdown, mine: false });
    expect(seen.list[0].replies.map((reply: any) => [reply.id, reply.by_developer])).toEqual([
      [answer.id, true],
      [other.id, false],
    ]);

    // One level of replies: a reply is not answered.
    const deeper = await post(
      ann.client,
      did,
      { body: 'deeper', parent_id: answer.id },
      { 'accept-language': 'zh' },
    );
    expect(deeper.status).toBe(400);
    expect(deeper.body).toEqual({
      code: 'COMMENT_REPLY_TO_REPLY',
      error: '不能回复一条回复，请回复它所回复的评论',
    });
    const blank = await post(ann.client, did, { body: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toContainEqual({ path: 'body.body', message: 'Write something first' });
    expect((await post(store.anonymous, did, { body: 'hi' })).status).toBe(401);
    expect(await store.eventsOf(comment.id)).toEqual(['comment.created']);
  });

  it("edits and deletes one's own comment, and refuses somebody else's", async () => {
    const did = await store.publishedApp();
    const [ann, bob] = [await store.member(), await store.member()];
    const comment = await posted(ann.client, did, { body: 'First take' });
    const reply = await posted(bob.client, did, { body: 'Agreed', parent_id: comment.id });
    const path = `/api/apps/${did}/comments/${comment.id}`;

    const edited = await ann.client.request(path, { method: 'PUT', body: { body: 'Second take' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Second take', edited_at: store.clock.nowUnix() });
    for (const method of ['PUT', 'DELETE']) {
      const refused = await bob.client.request(path, {
        method,
        body: method === 'PUT' ? { body: 'mine now' } : undefined,
      });
      expect(refused.status, method).toBe(403);
      expect(refused.body, method).toEqual({
        code: 'COMMENT_NOT_YOURS',
        error: 'Only its author may change or delete this comment',
      });
    }
    expect((await comments(store.anonymous, did)).list[0].body).toBe('Second take');

    const deleted = await ann.client.request(path, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    // Its replies leave with it.
    expect(await comments(store.anonymous, did)).toEqual({ list: [], count: 0 });
    expect(await store.eventsOf(comment.id)).toEqual([
      'comment.created',
      'comment.updated',
      'comment.deleted',
    ]);
    expect(await store.eventsOf(reply.id)).toEqual(['comment.created', 'comment.deleted']);
    expect((await ann.client.request(path, { method: 'DELETE' })).status).toBe(404);
  });

  it('sorts by the most helpful, one vote per user, never on one’s own', async () => {
    const did = await store.publishedApp();
    const [ann, bob, cat] = [await store.member(), await store.member(), await store.member()];
    const older = await posted(ann.client, did, { body: 'Useful tips' });
    const newer = await posted(bob.client, did, { body: 'Nice colours' });
    const vote = (client: Client, id: string, method = 'PUT') =>
      client.request(`/api/apps/${did}/comments/${id}/helpful`, { method });

    for (const client of [bob.client, cat.client, cat.client]) {
      const voted = await vote(client, older.id);
      expect(voted.status, JSON.stringify(voted.body)).toBe(200);
      expect(voted.body.helpful).toBe(true);
    }
    expect((await vote(bob.client, older.id)).body.helpful_count).toBe(2);
    expect((await vote(ann.client, older.id)).body.code).toBe('COMMENT_VOTE_OWN');
    expect((await comments(cat.client, did)).list.map((c) => [c.id, c.helpful])).toEqual([
      [newer.id, false],
      [older.id, true],
    ]);
    expect(
      (await comments(cat.client, did, '?sort=helpful')).list.map((c) => [c.id, c.helpful_count]),
    ).toEqual([
      [older.id, 2],
      [newer.id, 0],
    ]);
    const taken = await vote(cat.client, older.id, 'DELETE');
    expect(taken.body).toMatchObject({ helpful: false, helpful_count: 1 });
    expect((await vote(cat.client, older.id, 'DELETE')).body.helpful_count).toBe(1);
  });

  it('hides a comment an admin hid from everyone but its author and the admins', async () => {
    const did = await store.publishedApp();
    const [ann, bob, cat] = [await store.member(), await store.member(), await store.member()];
    const rude = await posted(ann.client, did, { body: 'Something rude' });
    const kept = await posted(bob.client, did, { body: 'Something kind' });
    await posted(cat.client, did, { body: 'A reply to the rude one', parent_id: rude.id });

    const moderate = (client: Client, body: Record<string, unknown>) =>
      client.request(`/api/console/comments/${rude.id}`, { method: 'PUT', body });
    expect((await moderate(ann.client, { hidden: true, reason: 'mine' })).status).toBe(403);
    const noReason = await moderate(store.owner, { hidden: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toContainEqual({
      path: 'body.reason',
      message: 'Say why the comment is hidden: its author reads it',
    });
    const hidden = await moderate(store.owner, { hidden: true, reason: 'Insults other users' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, hidden_reason: 'Insults other users' });

    const ids = async (client: Client) => (await comments(client, did)).list.map((c) => c.id);
    for (const other of [store.anonymous, bob.client, cat.client, store.developer])
      expect(await ids(other)).toEqual([kept.id]);
    expect((await comments(store.anonymous, did)).count).toBe(1);
    const own = (await comments(ann.client, did)).list.find((c) => c.id === rude.id);
    expect(own).toMatchObject({ hidden: true, hidden_reason: 'Insults other users', mine: true });
    const asAdmin = (await comments(store.owner, did)).list.find((c) => c.id === rude.id);
    expect(asAdmin).toMatchObject({ hidden: true, hidden_reason: 'Insults other users' });
    expect(asAdmin.replies).toHaveLength(1);
    // To the others it does not exist: no reply, no vote, no report.
    const reply = await post(bob.client, did, { body: 'what did it say?', parent_id: rude.id });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('COMMENT_NOT_FOUND');
    expect(
      (await bob.client.request(`/api/apps/${did}/comments/${rude.id}/helpful`, { method: 'PUT' })).status,
    ).toBe(404);

    const shown = await moderate(store.owner, { hidden: false });
    expect(shown.body).toMatchObject({ hidden: false, hidden_reason: null });
    expect(await ids(bob.client)).toEqual([kept.id, rude.id]);
    expect(await store.eventsOf(rude.id)).toEqual(['comment.created', 'comment.hidden', 'comment.unhidden']);
  });

  it('takes one report per user and comment, and lists reported comments to the admins', async () => {
    const did = await store.publishedApp();
    const [ann, bob] = [await store.member(), await store.member()];
    const spam = await posted(ann.client, did, { body: 'Buy cheap tokens at example.com' });
    const report = (client: Client, headers: Record<string, string> = {}) =>
      client.request(`/api/apps/${did}/comments/${spam.id}/reports`, {
        method: 'POST',
        body: { reason: 'spam', note: 'an advert' },
        headers,
      });
    const made = await report(bob.client);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      object: 'comment_report',
      comment_id: spam.id,
      reporter_did: bob.did,
      reason: 'spam',
    });
    const twice = await report(bob.client, { 'accept-language': 'zh' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ code: 'COMMENT_ALREADY_REPORTED', error: '您已经举报过这条评论' });
    expect((await report(ann.client)).body.code).toBe('COMMENT_REPORT_OWN');
    expect((await store.anonymous.request(`/api/console/comments/reported`)).status).toBe(401);
    expect((await bob.client.request(`/api/console/comments/reported`)).status).toBe(403);

    const listed = await store.owner.request('/api/console/comments/reported?pageSize=100');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.list.find((c: any) => c.id === spam.id)).toMatchObject({
      report_count: 1,
      reports: [{ reporter_did: bob.did, reason: 'spam', note: 'an advert' }],
    });
    // Once hidden, it has been dealt with.
    await store.owner.request(`/api/console/comments/${spam.id}`, {
      method: 'PUT',
      body: { hidden: true, reason: 'Spam' },
    });
    const after = await store.owner.request('/api/console/comments/reported?pageSize=100');
    expect(after.body.list.map((c: any) => c.id)).not.toContain(spam.id);
    expect(await store.eventsOf(spam.id)).toEqual(['comment.created', 'comment.reported', 'comment.hidden']);
  });

  it('limits each user to a number of comments a minute, with 429 in their language', async () => {
    const did = await store.publishedApp();
    const [ann, bob] = [await store.member(), await store.member()];
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++)
      expect((await post(ann.client, did, { body: `comment ${i}` })).status).toBe(201);
    store.clock.advance({ seconds: 20 });
    for (const [language, text] of [
      [
        'en',
        `You are commenting too fast: at most ${COMMENTS_PER_MINUTE} comments a minute. Try again in 40 s`,
      ],
      ['zh', `评论过于频繁：每分钟最多 ${COMMENTS_PER_MINUTE} 条，请在 40 秒后重试`],
    ]) {
      const limited = await post(ann.client, did, { body: 'one too many' }, { 'accept-language': language! });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ code: 'COMMENT_RATE_LIMITED', error: text });
    }
    // Somebody else is not held up, and a minute later Ann is not either.
    expect((await post(bob.client, did, { body: 'hello' })).status).toBe(201);
    store.clock.advance({ seconds: 41 });
    expect((await post(ann.client, did, { body: 'later' })).status).toBe(201);
    expect((await comments(store.anonymous, did)).count).toBe(COMMENTS_PER_MINUTE + 2);
  });
});

/**
 * The real server with the people the ratings and comments tests need: the owner (an admin), a
 * developer who publishes apps through the review workflow, and members signed in as they come.
 */
