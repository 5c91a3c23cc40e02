// The network edge for component tests: a fake `fetch` answering by "METHOD /path" (query ignored).

export interface FakeAnswer {
  status?: number;
  /** Response headers, e.g. a 429's Retry-After. */
  headers?: Record<string, string>;
  body?: unknown;
}
type Handler = FakeAnswer | ((init: { body: unknown; url: string }) => FakeAnswer | Promise<FakeAnswer>);

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Installs a fake global fetch; unknown routes answer 404 { error: 'Not found' }. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = String(input);
    const path = url.split('?')[0]!;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = routes[`${method} ${path}`];
    const answer =
      handler === undefined
        ? { status: 404, body: { error: 'Not found' } }
        : typeof handler === 'function'
          ? await handler({ body, url })
          : handler;
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(answer.headers ?? {}),
      text: async () => text,
      json: async () => JSON.parse(text),
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    /** The calls made to one route. */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

/** A promise with its resolve function, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
