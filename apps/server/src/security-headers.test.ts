import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it("are helmet's, decided once, without the page-only CSP and frame rules", () => {
    const headers = securityHeaders();
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(headers).not.toHaveProperty('content-security-policy');
    expect(headers).not.toHaveProperty('x-frame-options');
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('go on every answer, refusals too, and a route may set its own', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/plain', async () => ({ ok: true }));
    app.get('/own', async (_request, reply) => {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return { ok: true };
    });
    const plain = await app.inject('/plain');
    const own = await app.inject('/own');
    const missing = await app.inject('/nowhere');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(own.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});
