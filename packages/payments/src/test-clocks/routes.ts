import { testClockRoutes } from '@kiosk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { MERCHANT } from '../schemas.ts';
import { getTestClock, listTestClocks } from './queries.ts';
import {
  advanceTestClock,
  createTestClock,
  deleteTestClock,
  refuseLiveMode,
  runTestClockAdvance,
  setCustomerTestClock,
  TEST_CLOCK_ADVANCE_JOB,
} from './service.ts';

/**
 * Test clocks (docs/test-clocks.md): their routes, test mode only (in live mode each answers 400
 * TEST_CLOCK_LIVEMODE before it reads its input), and the job that carries out an advance.
 */
export function registerTestClocks(app: FastifyInstance, deps: Deps): void {
  deps.jobs.define<{ testClockId: string }>(TEST_CLOCK_ADVANCE_JOB, ({ testClockId }) =>
    runTestClockAdvance(deps, testClockId),
  );
  registerTestClockRoutes(app, deps);
}

function registerTestClockRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['test clocks'];
  const config = { access: MERCHANT };
  const preValidation = async (request: FastifyRequest) => refuseLiveMode(request.livemode);

  const create = testClockRoutes['POST /api/test-clocks'];
  r.post(
    create.path,
    {
      config,
      preValidation,
      schema: { tags, summary: 'Create a test clock frozen at a time', ...create.schema },
    },
    async (request, reply) => {
      reply.status(201);
      return createTestClock(deps, request.body);
    },
  );
  const list = testClockRoutes['GET /api/test-clocks'];
  r.get(
    list.path,
    { config, preValidation, schema: { tags, summary: 'Test clocks, newest first', ...list.schema } },
    (request) => listTestClocks(deps.db, false, request.query),
  );
  const get = testClockRoutes['GET /api/test-clocks/:id'];
  r.get(
    get.path,
    { config, preValidation, schema: { tags, summary: 'A test clock', ...get.schema } },
    (request) => getTestClock(deps.db, false, request.params.id),
  );
  const remove = testClockRoutes['DELETE /api/test-clocks/:id'];
  r.delete(
    remove.path,
    {
      config,
      preValidation,
      schema: {
        tags,
        summary:
          "Delete a test clock: its customers' subscriptions are cancelled and its customers taken off it",
        ...remove.schema,
      },
    },
    (request) => deleteTestClock(deps, request.params.id),
  );
  const advance = testClockRoutes['POST /api/test-clocks/:id/advance'];
  r.post(
    advance.path,
    {
      config,
      preValidation,
      schema: {
        tags,
        summary:
          "Advance a test clock: it is advancing while its customers' subscriptions are billed up to the new time, then ready",
        ...advance.schema,
      },
    },
    (request) => advanceTestClock(deps, request.params.id, request.body.frozen_time),
  );
  const attach = testClockRoutes['PUT /api/customers/:id/test-clock'];
  r.put(
    attach.path,
    {
      config,
      preValidation,
      schema: {
        tags,
        summary: 'Put a test customer on a test clock, or take it off one (null)',
        ...attach.schema,
      },
    },
    (request) => setCustomerTestClock(deps, request.params.id, request.body),
  );
}
