import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { errorMiddleware } from './error.middleware';

function answer(err: unknown) {
  const out: { status?: number; body?: unknown } = {};
  const res = {
    headersSent: false,
    status: (s: number) => ((out.status = s), res),
    json: (b: unknown) => ((out.body = b), res),
  } as unknown as Response;
  const logger = { error: jest.fn(), warn: jest.fn() } as unknown as Logger;
  errorMiddleware(logger)(err, { id: 'r1' } as unknown as Request, res, () => undefined);
  return out;
}

const pgError = (code: string) => Object.assign(new Error('db says no'), { code, severity: 'ERROR' });

describe('the error middleware and Postgres data exceptions', () => {
  it.each(['22021', '22P02', '22003', '22008'])(
    'when Postgres raises data exception %s, then 400, never 500',
    (code) => {
      expect(answer(pgError(code))).toEqual({
        status: 400,
        body: { error: 'The request holds a value that cannot be stored, please check the fields' },
      });
    },
  );

  it('when Postgres raises anything else, then it stays a 500', () => {
    expect(answer(pgError('23505')).status).toBe(500);
  });
});
