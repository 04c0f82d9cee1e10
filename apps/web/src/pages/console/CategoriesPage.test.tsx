import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';

const PAGE = '/console/categories';
const CREATED = 1_767_225_600;

const TOOLS: Category = {
  id: 'cat_tools',
  name: 'Developer tools',
  locales: { zh: '开发工具' },
  app_count: 3,
  created_at: CREATED,
  updated_at: CREATED,
};
const GAMES: Category = {
  id: 'cat_games',
  name: 'Games',
  locales: {},
  app_count: 0,
  created_at: CREATED,
  updated_at: CREATED,
};

function api(initial: Category[] = [TOOLS, GAMES], overrides: Record<string, ApiHandler> = {}) {
  let categories = [...initial];
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/categories': () => ({ list: [...categories] }),
    'POST /api/console/categories': ({ body }) => {
      const input = body as { name: string; locales: Record<string, string> };
      const created: Category = {
        id: 'cat_new',
        ...input,
        app_count: 0,
        created_at: CREATED,
        updated_at: CREATED,
      };
      categories.push(created);
      return jsonResponse(created, 201);
    },
    [`PUT /api/console/categories/${GAMES.id}`]: ({ body }) => {
      const renamed = { ...GAMES, ...(body as Partial<Category>) };
      categories = categories.map((category) => (category.id === GAMES.id ? renamed : category));
      return renamed;
    },
    [`DELETE /api/console/categories/${GAMES.id}`]: () => {
      categories = categories.filter((category) => category.id !== GAMES.id);
      return new Response(null, { status: 204 });
    },
    [`DELETE /api/console/categories/${TOOLS.id}`]: () =>
      jsonResponse(
        { code: 'CATEGORY_IN_USE', error: 'Move the 3 apps in this category to another before deleting it' },
        409,
      ),
    ...overrides,
  });
}

async function openAddDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
  return screen.getByRole('dialog', { name: 'New category' });
}

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5_000 });
  // The route loads the page lazily; loaded once here, no test's first look waits for the transform.
  await import('./CategoriesPage.tsx');
});
beforeEach(() => vi.stubGlobal('scrollTo', () => {}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CategoriesPage', { timeout: 20_000 }, () => {
  it('lists the categories with their Chinese names and app counts', async () => {
    api();
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Category management' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Category management' });
    const tools = (await within(table).findByText('Developer tools')).closest('tr')!;
    expect(within(tools).getByText('开发工具')).toBeTruthy();
    expect(within(tools).getByText('3')).toBeTruthy();
    const games = within(table).getByText('Games').closest('tr')!;
    expect(within(games).getByText('—')).toBeTruthy();
    expect(within(games).getByText('0')).toBeTruthy();
  });

  it("leads to the console's other sections, this one marked current", async () => {
    api(undefined, { 'GET /api/console/comments/reported': () => ({ list: [], count: 0 }) });
    renderRoutesAt(PAGE, routes);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Apps and reviews' }).getAttribute('href')).toBe(
      '/console/apps',
    );
    fireEvent.click(within(nav).getByRole('link', { name: 'Reported comments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported comments' })).toBeTruthy();
  });

  it('keeps the page in the address: a link opens it, and the next page is a step back can undo', async () => {
    const many = Array.from({ length: 7 }, (_, index) => ({
      ...GAMES,
      id: `cat_${index}`,
      name: `Topic ${index}`,
    }));
    api(many);
    const { router } = renderRoutesAt(`${PAGE}?page=2&pageSize=5`, routes);
    const table = await screen.findByRole('table', { name: 'Category management' });
    expect(await within(table).findByText('Topic 5')).toBeTruthy();
    expect(within(table).queryByText('Topic 0')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await within(table).findByText('Topic 0')).toBeTruthy();
    expect(router.state.location.search).toBe('?pageSize=5');
    await router.navigate(-1);
    expect(await within(table).findByText('Topic 5')).toBeTruthy();
  });

  it('shows a skeleton while the list loads', async () => {
    api([], { 'GET /api/categories': () => new Promise(() => {}) });
    renderRoutesAt(PAGE, routes);
    const table = await screen.findByRole('table', { name: 'Category management' });
    expect(table.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty state', async () => {
    api([]);
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('No categories yet. Add the first one.')).toBeTruthy();
  });

  it("shows a failed list with the server's text, and a retry that reads it again", async () => {
    let fail = true;
    const calls = api([GAMES], {
      'GET /api/categories': () =>
        fail ? jsonResponse({ code: 'INTERNAL', error: 'Database unavailable' }, 500) : { list: [GAMES] },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Games')).toBeTruthy();
    expect(calls.calls('GET /api/categories')).toHaveLength(2);
  });

  it("refuses a name against the seed's rule and sends nothing", async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openAddDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Tools & more' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText("A category name may contain only letters, digits, spaces and '-'"),
    ).toBeTruthy();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Weather' } });
    fireEvent.input(within(form).getByRole('textbox', { name: 'Chinese name' }), {
      target: { value: '天气!' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(
      await within(form).findByText("A category name may contain only letters, digits, spaces and '-'"),
    ).toBeTruthy();
    expect(calls.calls('POST /api/console/categories')).toHaveLength(0);
  });

  it('adds a category with its Chinese name', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    const form = await openAddDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: ' Weather ' } });
    fireEvent.input(within(form).getByRole('textbox', { name: 'Chinese name' }), {
      target: { value: '天气' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Weather')).toBeTruthy();
    expect(calls.calls('POST /api/console/categories').map((call) => call.body)).toEqual([
      { name: 'Weather', locales: { zh: '天气' } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal of a new category", async () => {
    api([TOOLS], {
      'POST /api/console/categories': () =>
        jsonResponse({ code: 'CATEGORY_EXISTS', error: 'There is already a category "games"' }, 409),
    });
    renderRoutesAt(PAGE, routes);
    const form = await openAddDialog();
    fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'games' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('There is already a category "games"')).toBeTruthy();
  });

  it('renames a category, starting from its names', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Games' }));
    const form = screen.getByRole('dialog', { name: 'Rename category' });
    const name = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Games');
    fireEvent.input(name, { target: { value: 'Games and puzzles' } });
    fireEvent.input(within(form).getByRole('textbox', { name: 'Chinese name' }), {
      target: { value: '游戏' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Games and puzzles')).toBeTruthy();
    expect(calls.calls(`PUT /api/console/categories/${GAMES.id}`).map((call) => call.body)).toEqual([
      { name: 'Games and puzzles', locales: { zh: '游戏' } },
    ]);
  });

  it('deletes a category once confirmed', async () => {
    const calls = api();
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Games' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this category?' });
    expect(calls.calls(`DELETE /api/console/categories/${GAMES.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('Games')).toBeNull());
    expect(calls.calls(`DELETE /api/console/categories/${GAMES.id}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps a category in use, showing the server's text", async () => {
    api();
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Developer tools' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this category?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await within(confirm).findByText('Move the 3 apps in this category to another before deleting it'),
    ).toBeTruthy();
    expect(screen.getByText('Developer tools', { selector: 'td' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    api();
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '分类管理' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '分类管理' });
    expect(within(table).getByRole('columnheader', { name: '中文名称' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加分类' }));
    const form = screen.getByRole('dialog', { name: '新建分类' });
    fireEvent.click(within(form).getByRole('button', { name: '添加' }));
    expect(await within(form).findByText('分类名称为必填项')).toBeTruthy();
  });
});
