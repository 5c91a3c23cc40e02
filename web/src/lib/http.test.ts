import { mockApi } from '../test/fetch-mock';
import { apiRequest, cooldownSeconds, GENERIC_ERROR, HTTP_TIMEOUT_MS, plainSentences } from './http';
import { writeToken } from './token';

describe('plainSentences', () => {
  it('drops the field names before sentences and keeps other messages as they are', () => {
    expect(
      plainSentences('phoneNumber: Please enter your email or phone number; password: Please enter your password'),
    ).toBe('Please enter your email or phone number. Please enter your password.');
    expect(plainSentences('code: The code must be 6 digits')).toBe('The code must be 6 digits');
    expect(plainSentences('Invalid email/phone number or password')).toBe('Invalid email/phone number or password');
    expect(plainSentences('lat: expected number')).toBe('lat: expected number');
  });
});

describe('apiRequest', () => {
  it('calls under /api with the Bearer token from localStorage and returns the answer', async () => {
    writeToken('tok-123');
    const api = mockApi({ 'POST /api/users/signin': { body: { result: { ok: true } } } });
    await expect(
      apiRequest('/users/signin', { method: 'POST', body: { phoneNumber: 'a', password: 'b' } }),
    ).resolves.toEqual({ result: { ok: true } });
    const [call] = api.calls;
    expect(call?.headers.Authorization).toBe('Bearer tok-123');
    expect(call?.body).toEqual({ phoneNumber: 'a', password: 'b' });
  });

  it('sends no Authorization header without a token', async () => {
    const api = mockApi({ 'GET /api/data/static': { body: { result: {} } } });
    await apiRequest('/data/static');
    expect(api.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it("raises the response's error field", async () => {
    mockApi({ 'POST /api/users/signin': { status: 401, body: { error: 'Wrong phone number or password' } } });
    await expect(apiRequest('/users/signin', { method: 'POST' })).rejects.toThrow('Wrong phone number or password');
  });

  it('raises the generic message when the failure names no error', async () => {
    mockApi({ 'GET /api/x': { status: 500, body: { oops: true } } });
    await expect(apiRequest('/x')).rejects.toThrow(GENERIC_ERROR);
  });

  it('treats a success that is not a 200 as a failure', async () => {
    mockApi({ 'POST /api/x': { status: 201, body: { result: {} } } });
    await expect(apiRequest('/x', { method: 'POST' })).rejects.toThrow(GENERIC_ERROR);
  });

  it('treats a 200 without data as a failure', async () => {
    mockApi({ 'GET /api/x': { status: 200 } });
    await expect(apiRequest('/x')).rejects.toThrow(GENERIC_ERROR);
  });

  it('gives up after 15 seconds', async () => {
    jest.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      globalThis.fetch = jest.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      ) as unknown as typeof fetch;
      const pending = apiRequest('/slow');
      const outcome = expect(pending).rejects.toThrow(GENERIC_ERROR);
      jest.advanceTimersByTime(HTTP_TIMEOUT_MS - 1);
      expect(signal?.aborted).toBe(false);
      jest.advanceTimersByTime(1);
      expect(signal?.aborted).toBe(true);
      await outcome;
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('cooldownSeconds', () => {
  it("reads a 429's Retry-After: a short wait is a resend cooldown, a long one a limit", async () => {
    mockApi({
      'POST /api/users/send-verification': {
        status: 429,
        headers: { 'Retry-After': '42' },
        body: { error: 'A code was just sent, please wait 42 seconds before asking for another' },
      },
      'POST /api/users/signin': {
        status: 429,
        headers: { 'Retry-After': '900' },
        body: { error: 'Too many failed sign-in attempts' },
      },
    });
    const short = await apiRequest('/users/send-verification', { method: 'POST' }).catch((e: unknown) => e);
    expect(cooldownSeconds(short)).toBe(42);
    const long = await apiRequest('/users/signin', { method: 'POST' }).catch((e: unknown) => e);
    expect(cooldownSeconds(long)).toBeNull();
    expect(cooldownSeconds(new Error('x'))).toBeNull();
  });
});
