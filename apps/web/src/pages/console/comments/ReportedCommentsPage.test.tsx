import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';
import type { ReportedComment } from './use-reported-comments.ts';

const PAGE = '/console/comments';
const LIST = 'GET /api/console/comments/reported';
const APP = 'did:abt:z1WeatherBoardApp0001';
const AUTHOR = 'did:pkh:eip155:1:0x00000000000000000000000000000000000000aa';
const CREATED = 1_767_225_600;

function reported(id: string, overrides: Partial<ReportedComment> = {}): ReportedComment {
  return {
    id,
    object: 'comment',
    app_did: APP,
    parent_id: null,
    author_did: AUTHOR,
    by_developer: false,
    body: 'Plain words',
    helpful_count: 0,
    helpful: false,
    mine: false,
    hidden: false,
    hidden_reason: null,
    edited_at: null,
    created_at: CREATED,
    updated_at: CREATED,
    report_count: 1,
    reported_at: CREATED + 60,
    reports: [
      {
        id: `rep_${id}`,
        object: 'comment_report',
        comment_id: id,
        reporter_did: 'did:pkh:eip155:1:0x00000000000000000000000000000000000000bb',
        reason: 'spam',
        note: null,
        created_at: CREATED + 60,
      },
    ],
    ...overrides,
  };
}

const ABUSIVE = reported('cmt_1', {
  body: '**Buy** now at [this](javascript:alert(1)) or https://spam.example',
  report_count: 3,
  reports: (['abuse', 'abuse', 'spam'] as const).map((reason, index) => ({
    id: `rep_${index}`,
    object: 'comment_report' as const,
    comment_id: 'cmt_1',
    reporter_did: `did:pkh:eip155:1:0x${String(index).padStart(40, '0')}`,
    reason,
    note: index === 0 ? 'Insults other users' : null,
    created_at: CREATED + 120,
  })),
});
const REPLY = reported('cmt_2', { parent_id: 'cmt_0', body: 'Off topic reply' });

function api(initial: ReportedComment[] = [ABUSIVE, REPLY], overrides: Record<string, ApiHandler> = {}) {
  let comments = [...initial];
  const moderate: ApiHandler = ({ url, body }) => {
    const id = url.pathname.split('/').pop();
    const input = body as { hidden: boolean; reason?: string };
    const changed = comments.find((comment) => comment.id === id)!;
    const answer = { ...changed, hidden: input.hidden, hidden_reason: input.hidden ? input.reason! : null };
    comments = comments.map((comment) => (comment.id === id ? answer : comment));
    const { report_count: _count, reported_at: _at, reports: _reports, ...comment } = answer;
    return comment;
  };
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['admin', 'member'])),
    // The server lists only the comments not hidden.
    [LIST]: () => ({
      list: comments.filter((comment) => !comment.hidden),
      count: comments.filter((comment) => !comment.hidden).length,
    }),
    [`GET /api/apps/${encodeURIComponent(APP)}`]: () => ({
      did: APP,
      name: 'weather-board',
      title: 'Weather Board',
    }),
    'PUT /api/console/comments/cmt_1': moderate,
    'PUT /api/console/comments/cmt_2': moderate,
    ...overrides,
  });
}

const table = (name = 'Reported comments') => screen.findByRole('table', { name });
async function rowOf(text: string, tableName?: string) {
  return (await within(await table(tableName)).findByText(text)).closest('tr')!;
}

async function hideFirst(reason: string) {
  const row = await rowOf('Buy');
  // Named by the app's title once it has loaded.
  fireEvent.click(
    await within(row).findByRole('button', {
      name: 'Hide the comment by did:pkh:eip155:1:0x0000…00aa on Weather Board',
    }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Hide this comment' });
  fireEvent.input(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
  return dialog;
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  await import('./ReportedCommentsPage.tsx');
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportedCommentsPage', { timeout: 20_000 }, () => {
  it('lists the reported comments with their app, safe Markdown, author and reports', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported comments' })).toBeTruthy();
    const row = await rowOf('Buy');
    expect(within(row).getByText('Buy').tagName).toBe('STRONG');
    // A javascript: link stays text; only the https address is a link, besides the app's.
    expect(within(row).getByText(/\[this\]\(javascript:alert\(1\)\)/)).toBeTruthy();
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/apps/${encodeURIComponent(APP)}`,
      'https://spam.example',
    ]);
    expect(await within(row).findByRole('link', { name: 'Weather Board' })).toBeTruthy();
    expect(within(row).getByText('By did:pkh:eip155:1:0x0000…00aa')).toBeTruthy();
    expect(within(row).getByText('3 reports')).toBeTruthy();
    expect(within(row).getByText('Abuse × 2, Spam')).toBeTruthy();
    expect(within(row).getByText('Insults other users')).toBeTruthy();
    expect(within(row).getByText('Visible')).toBeTruthy();
    const reply = await rowOf('Off topic reply');
    expect(within(reply).getByText('Reply')).toBeTruthy();
    expect(within(reply).getByText('1 report')).toBeTruthy();
    // Rows in the server's order (latest reported first); the page asked is the first.
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toBe(row);
    expect(calls.calls(LIST)[0]!.url.searchParams.get('page')).toBe('1');
  });

  it('hides a comment with the reason, and keeps the row with Unhide until the list is read again', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const dialog = await hideFirst('  Advertising  ');
    await vi.waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.calls('PUT /api/console/comments/cmt_1').map((call) => call.body)).toEqual([
      { hidden: true, reason: 'Advertising' },
    ]);
    expect(await screen.findByText(/The comment is hidden/)).toBeTruthy();
    const row = await rowOf('Buy');
    expect(within(row).getByText('Hidden')).toBeTruthy();
    expect(within(row).getByText('Reason: Advertising')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^Unhide the comment/ })).toBeTruthy();
  });

  it('requires a reason to hide and sends nothing without one', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const dialog = await hideFirst('   ');
    expect(await within(dialog).findByText('Say why the comment is hidden')).toBeTruthy();
    expect(calls.calls('PUT /api/console/comments/cmt_1')).toHaveLength(0);
  });

  it("says the server's refusal in the hide dialog, which stays open", async () => {
    api(undefined, {
      'PUT /api/console/comments/cmt_1': () =>
        jsonResponse({ code: 'COMMENT_NOT_FOUND', error: 'This comment no longer exists' }, 404),
    });
    renderRoutesAt(PAGE, routes);
    const dialog = await hideFirst('Spam');
    expect(await within(dialog).findByText(/This comment no longer exists/)).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });

  it('asks before showing a hidden comment again, and unhides it on confirm', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    await hideFirst('Advertising');
    const unhide = await within(await rowOf('Buy')).findByRole('button', { name: /^Unhide the comment/ });

    fireEvent.click(unhide);
    const ask = screen.getByRole('dialog', { name: 'Show this comment again?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(ask.isConnected).toBe(false));
    expect(calls.calls('PUT /api/console/comments/cmt_1')).toHaveLength(1);

    fireEvent.click(within(await rowOf('Buy')).getByRole('button', { name: /^Unhide the comment/ }));
    const again = screen.getByRole('dialog', { name: 'Show this comment again?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Unhide' }));
    await vi.waitFor(() => expect(again.isConnected).toBe(false));
    expect(calls.calls('PUT /api/console/comments/cmt_1').map((call) => call.body)[1]).toEqual({
      hidden: false,
    });
    expect(within(await rowOf('Buy')).getByText('Visible')).toBeTruthy();
  });

  it('says there are no reported comments', async () => {
    api([]);
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('No reported comments')).toBeTruthy();
  });

  it('shows a skeleton while the list loads', async () => {
    api([], { [LIST]: () => new Promise(() => {}) });
    renderRoutesAt(PAGE, routes);
    expect((await table()).getAttribute('aria-busy')).toBe('true');
  });

  it('shows a failed list with a retry that reads it again', async () => {
    let fail = true;
    const calls = api([REPLY], {
      [LIST]: () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500)
          : { list: [REPLY], count: 1 },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Off topic reply')).toBeTruthy();
    expect(calls.calls(LIST)).toHaveLength(2);
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '被举报的评论' })).toBeTruthy();
    const row = await rowOf('Buy', '被举报的评论');
    expect(within(row).getByText('辱骂 × 2、垃圾信息')).toBeTruthy();
    expect(within(row).getByText('3 次举报')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /^隐藏 / }));
    const dialog = screen.getByRole('dialog', { name: '隐藏这条评论' });
    fireEvent.click(within(dialog).getByRole('button', { name: '隐藏' }));
    expect(await within(dialog).findByText('请说明隐藏这条评论的原因')).toBeTruthy();
  });

  it('lays the comments out as cards on a phone, each with its Hide', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('Off topic reply')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Hide the comment/ })).toHaveLength(2);
  });
});
