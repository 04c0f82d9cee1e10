import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import { signedIn, signedOut, userWithRoles } from '../../../test-support/sessions.ts';
import { AppFeedbackSection } from './AppFeedbackSection.tsx';
import type { CommentThread, RatingSummary } from './use-app-feedback.ts';

const T0 = 1_767_225_600;
const DID = 'did:abt:z1WeatherBoardApp0001';
const DEV = 'did:abt:z1DeveloperKey9999xyz';
const ME = userWithRoles(['member']);
const OTHER = 'did:pkh:eip155:1:0x00000000000000000000000000000000000000aa';
const base = `/api/apps/${encodeURIComponent(DID)}`;

function summary(overrides: Partial<RatingSummary> = {}): RatingSummary {
  return {
    object: 'rating_summary',
    app_did: DID,
    average: 4.25,
    count: 4,
    histogram: { 1: 0, 2: 0, 3: 1, 4: 1, 5: 2 },
    mine: null,
    refusal: null,
    ...overrides,
  };
}

function comment(id: string, overrides: Partial<CommentThread> = {}): CommentThread {
  return {
    id,
    object: 'comment',
    app_did: DID,
    parent_id: null,
    author_did: OTHER,
    by_developer: false,
    body: `Comment ${id}`,
    helpful_count: 0,
    helpful: false,
    mine: false,
    hidden: false,
    hidden_reason: null,
    edited_at: null,
    created_at: T0,
    updated_at: T0,
    replies: [],
    ...overrides,
  };
}

const thread = comment('cmt_1', {
  body: 'Works **well**. <script>alert(1)</script> [bad](javascript:alert(1)) [docs](https://example.com/docs)',
  helpful_count: 3,
  replies: [comment('cmt_2', { parent_id: 'cmt_1', author_did: DEV, by_developer: true, body: 'Thanks!' })],
});
const mine = comment('cmt_3', { author_did: ME.did, mine: true, body: 'My own take' });

function api(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/session': () => signedIn(ME),
    [`GET ${base}/ratings`]: () => summary(),
    [`GET ${base}/comments`]: () => ({ list: [thread, mine], count: 2 }),
    [`PUT ${base}/rating`]: ({ body }) => ({
      rating: { score: (body as { score: number }).score },
      summary: summary({ mine: (body as { score: number }).score }),
    }),
    ...overrides,
  });
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an app page’s ratings and comments', { timeout: 20_000 }, () => {
  it('shows the average, count and histogram, and rates with the keyboard-operable stars', async () => {
    const calls = api();
    renderWithProviders(<AppFeedbackSection did={DID} />);
    expect(await screen.findByText('4.3')).toBeTruthy();
    expect(screen.getByText('4.25 out of 5 · 4 ratings')).toBeTruthy();
    const histogram = screen.getByRole('list', { name: 'Ratings by stars' });
    expect(
      within(histogram)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['5★2', '4★1', '3★1', '2★0', '1★0']);
    const stars = screen.getByRole('radiogroup', { name: 'Your rating' });
    const four = within(stars).getByRole('radio', { name: '4 stars' });
    fireEvent.click(four);
    expect(await screen.findByText('Your rating is saved.')).toBeTruthy();
    expect(calls.calls(`PUT ${base}/rating`).map((call) => call.body)).toEqual([{ score: 4 }]);
  });

  it('renders Markdown as text, with only http(s) links, marks the developer and sorts', async () => {
    const calls = api();
    renderWithProviders(<AppFeedbackSection did={DID} />);
    const first = (await screen.findAllByRole('article'))[0]!;
    expect(within(first).getByText('well').tagName).toBe('STRONG');
    // The script is text; a javascript: link stays its text; an https link is nofollow noopener.
    expect(first.textContent).toContain('<script>alert(1)</script>');
    expect(first.querySelector('script')).toBeNull();
    expect(first.textContent).toContain('[bad](javascript:alert(1))');
    const links = within(first).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/docs']);
    expect(links[0]!.getAttribute('rel')).toContain('nofollow');
    expect(links[0]!.getAttribute('rel')).toContain('noopener');
    const reply = within(first).getAllByRole('article')[0]!;
    expect(within(reply).getByText('Developer')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Most helpful' }));
    await vi.waitFor(() =>
      expect(calls.calls(`GET ${base}/comments`).at(-1)!.url.searchParams.get('sort')).toBe('helpful'),
    );
  });

  it('posts a comment and says a refusal (the rate limit) where the visitor typed', async () => {
    let refuse = true;
    const calls = api({
      [`POST ${base}/comments`]: ({ body }) =>
        refuse
          ? jsonResponse({ code: 'COMMENT_RATE_LIMITED', error: 'You are commenting too fast' }, 429)
          : jsonResponse(comment('cmt_9', { ...(body as object), mine: true }), 201),
    });
    renderWithProviders(<AppFeedbackSection did={DID} />);
    const field = await screen.findByRole('textbox', { name: 'Write a comment' });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Write something first')).toBeTruthy();
    fireEvent.input(field, { target: { value: 'Nice app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('You are commenting too fast')).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await vi.waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    expect(calls.calls(`POST ${base}/comments`).map((call) => call.body)).toEqual([
      { body: 'Nice app' },
      { body: 'Nice app' },
    ]);
  });

  it('edits and deletes one’s own comment in the kit’s dialogs, and reports somebody else’s', async () => {
    const calls = api({
      [`PUT ${base}/comments/cmt_3`]: ({ body }) => comment('cmt_3', { ...(body as object), mine: true }),
      [`DELETE ${base}/comments/cmt_3`]: () => undefined,
      [`POST ${base}/comments/cmt_1/reports`]: () =>
        jsonResponse({ id: 'crpt_1', object: 'comment_report' }, 201),
    });
    renderWithProviders(<AppFeedbackSection did={DID} />);
    const own = (await screen.findAllByRole('article')).find((a) => a.textContent?.includes('My own take'))!;
    expect(within(own).queryByRole('button', { name: 'Report' })).toBeNull();

    fireEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit your comment' });
    fireEvent.input(within(edit).getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Better take' },
    });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls(`PUT ${base}/comments/cmt_3`)[0]!.body).toEqual({ body: 'Better take' });

    fireEvent.click(within(own).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(calls.calls(`DELETE ${base}/comments/cmt_3`)).toHaveLength(1));

    const other = (await screen.findAllByRole('article'))[0]!;
    fireEvent.click(within(other).getAllByRole('button', { name: 'Report' })[0]!);
    const report = await screen.findByRole('dialog', { name: 'Report this comment' });
    fireEvent.click(within(report).getByRole('radio', { name: 'Abuse or harassment' }));
    fireEvent.click(within(report).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you: the admins will look at it.')).toBeTruthy();
    expect(calls.calls(`POST ${base}/comments/cmt_1/reports`)[0]!.body).toEqual({ reason: 'abuse' });
  });

  it('says why a visitor cannot rate or comment, and shows empty and failed states in Chinese', async () => {
    api({
      'GET /api/session': () => signedOut(),
      [`GET ${base}/ratings`]: () => summary({ average: null, count: 0, refusal: 'UNAUTHENTICATED' }),
      [`GET ${base}/comments`]: () => jsonResponse({ code: 'INTERNAL', error: '出错了' }, 500),
    });
    renderWithProviders(<AppFeedbackSection did={DID} />, createKioskI18n('zh'));
    expect(await screen.findByText('还没有评分，来做第一个评分的人吧。')).toBeTruthy();
    expect(screen.getByText('登录后即可评分。')).toBeTruthy();
    expect(screen.getByText('登录后即可评论。')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('无法加载评论。');
    expect(within(failed).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('shows a comment list’s loading and empty states', async () => {
    let answer: (value: unknown) => void = () => {};
    api({
      [`GET ${base}/comments`]: () => new Promise((resolve) => (answer = resolve)),
      [`GET ${base}/ratings`]: () => summary({ refusal: 'RATING_NEEDS_PURCHASE' }),
    });
    renderWithProviders(<AppFeedbackSection did={DID} />);
    expect(await screen.findByRole('status', { name: 'Loading comments…' })).toBeTruthy();
    expect(await screen.findByText('Only buyers of this app may rate it.')).toBeTruthy();
    answer({ list: [], count: 0 });
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
  });
});
