/**
 * Request logging (src/lib/request-log.ts): one line per request at `info`, "request completed",
 * carrying the request's method and URL with its status and time, under the request's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from './helper.js';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('request log', () => {
  let t: TestContext;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await build({
      logger: {
        level: 'info',
        stream: {
          write(line: string) {
            lines.push(JSON.parse(line) as LogLine);
          },
        },
      },
    });
  }, 60_000);
  afterAll(async () => t?.close());

  it.each([
    ['a cached read (filled)', 'GET', '/api/auth/list/FaqMaster', 200],
    ['a cached read (from memory)', 'GET', '/api/auth/list/FaqMaster', 200],
    ['a refused request', 'POST', '/api/auth/investor', 400],
    ['an unknown address', 'GET', '/api/nothing-here', 404],
  ] as const)('%s: one line, with the request and its answer', async (kind, method, url, status) => {
    const requestId = `log-test-${kind}`;
    const response = await t.app.inject({
      method,
      url,
      headers: { 'x-request-id': requestId },
      payload: method === 'POST' ? {} : undefined,
    });
    expect(response.statusCode).toBe(status);
    const own = lines.filter((line) => line.reqId === requestId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      msg: 'request completed',
      req: { method, url },
      res: { statusCode: status },
    });
    expect(own[0]!.responseTime).toEqual(expect.any(Number));
  });
});
