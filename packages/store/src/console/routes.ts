import { appBlockRoutes, categoryRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StoreDeps } from '../context.ts';
import { blockApp, unblockApp } from './blocking.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.ts';

/** The admins' console (seed 001 §6, §7): categories and blocking; the store front reads categories. */
export function registerConsoleRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  const admin = { access: ['admin'] as const };

  const list = categoryRoutes['GET /api/categories'];
  r.get(
    list.path,
    {
      config: { access: ['public'] },
      schema: { tags, summary: "The store's categories, by name", ...list.schema },
    },
    async () => ({ list: await listCategories(deps.db) }),
  );
  const create = categoryRoutes['POST /api/console/categories'];
  r.post(
    create.path,
    { config: admin, schema: { tags, summary: 'Add a category', ...create.schema } },
    async (request, reply) => {
      reply.status(201);
      return createCategory(deps, request.body);
    },
  );
  const update = categoryRoutes['PUT /api/console/categories/:id'];
  r.put(
    update.path,
    { config: admin, schema: { tags, summary: 'Rename a category', ...update.schema } },
    async (request) => updateCategory(deps, request.params.id, request.body),
  );
  const remove = categoryRoutes['DELETE /api/console/categories/:id'];
  r.delete(
    remove.path,
    { config: admin, schema: { tags, summary: 'Delete a category no app is in', ...remove.schema } },
    async (request, reply) => {
      await deleteCategory(deps, request.params.id);
      reply.status(204);
      return null;
    },
  );

  const block = appBlockRoutes['PUT /api/console/apps/:did/block'];
  r.put(
    block.path,
    {
      config: admin,
      schema: { tags, summary: 'Block an app, with a reason its developer sees', ...block.schema },
    },
    async (request) => blockApp(deps, request.params.did, request.body.reason),
  );
  const unblock = appBlockRoutes['PUT /api/console/apps/:did/unblock'];
  r.put(
    unblock.path,
    { config: admin, schema: { tags, summary: 'Unblock an app', ...unblock.schema } },
    async (request) => unblockApp(deps, request.params.did),
  );
}
