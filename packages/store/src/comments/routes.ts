import { commentModerationRoutes, commentRoutes } from '@kiosk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { viewerOf } from '../apps/audience.ts';
import type { StoreDeps } from '../context.ts';
import { setHelpful } from './helpful.ts';
import { listReportedComments, moderateComment, reportComment } from './moderation.ts';
import { createComment, deleteComment, editComment, listComments } from './service.ts';

const tags = ['store'];

export function registerCommentRoutes(app: FastifyInstance, deps: StoreDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const list = commentRoutes['GET /api/apps/:did/comments'];
  r.get(
    list.path,
    {
      config: { access: ['public'] },
      schema: {
        tags,
        summary: "An app's comments with their replies, newest or most helpful first",
        ...list.schema,
      },
    },
    (request) => listComments(deps, request.params.did, viewerOf(request.auth), request.query),
  );

  const create = commentRoutes['POST /api/apps/:did/comments'];
  r.post(
    create.path,
    {
      config: { access: ['signedIn'] },
      schema: { tags, summary: 'Comment on an app, or reply to a comment (Markdown)', ...create.schema },
    },
    async (request, reply) => {
      const comment = await createComment(deps, viewerOf(request.auth), request.params.did, request.body);
      reply.status(201);
      return comment;
    },
  );

  const edit = commentRoutes['PUT /api/apps/:did/comments/:id'];
  r.put(
    edit.path,
    {
      config: { access: ['signedIn'] },
      schema: { tags, summary: "Edit one's own comment", ...edit.schema },
    },
    (request) => editComment(deps, viewerOf(request.auth), request.params, request.body.body),
  );

  const remove = commentRoutes['DELETE /api/apps/:did/comments/:id'];
  r.delete(
    remove.path,
    {
      config: { access: ['signedIn'] },
      schema: { tags, summary: "Delete one's own comment, with its replies", ...remove.schema },
    },
    async (request, reply) => {
      await deleteComment(deps, viewerOf(request.auth), request.params);
      reply.status(204);
      return null;
    },
  );

  for (const helpful of [true, false]) {
    const route = commentRoutes[`${helpful ? 'PUT' : 'DELETE'} /api/apps/:did/comments/:id/helpful`];
    const register = helpful ? r.put.bind(r) : r.delete.bind(r);
    register(
      route.path,
      {
        config: { access: ['signedIn'] },
        schema: {
          tags,
          summary: helpful ? 'Mark a comment helpful' : 'Take back a helpful mark',
          ...route.schema,
        },
      },
      (request) => setHelpful(deps, viewerOf(request.auth), request.params, helpful),
    );
  }

  const report = commentRoutes['POST /api/apps/:did/comments/:id/reports'];
  r.post(
    report.path,
    {
      config: { access: ['signedIn'] },
      schema: { tags, summary: 'Report a comment as abuse, once', ...report.schema },
    },
    async (request, reply) => {
      const report = await reportComment(deps, viewerOf(request.auth), request.params, request.body);
      reply.status(201);
      return report;
    },
  );

  const reported = commentModerationRoutes['GET /api/console/comments/reported'];
  r.get(
    reported.path,
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: 'Reported comments not hidden yet, latest reported first',
        ...reported.schema,
      },
    },
    (request) => listReportedComments(deps, viewerOf(request.auth), request.query),
  );

  const moderate = commentModerationRoutes['PUT /api/console/comments/:id'];
  r.put(
    moderate.path,
    {
      config: { access: ['admin'] },
      schema: { tags, summary: 'Hide a comment with a reason, or show it again', ...moderate.schema },
    },
    (request) => moderateComment(deps, viewerOf(request.auth), request.params.id, request.body),
  );
}
