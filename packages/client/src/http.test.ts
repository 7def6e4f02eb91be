// Proves the client's HTTP behaviour of spec §7/§8: 10 s timeout ("network timeout"), query arrays
// comma-joined with empty values dropped, the language/main_token/client_id headers (token only on
// secure calls) with no header injection, the error-code rule and the app's reactions to codes.
import { contracts, endpoint } from '@payhub/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, errorCodeOf, NETWORK_TIMEOUT_MESSAGE, reactionTo } from './errors.ts';
import { createHttpClient, HTTP_TIMEOUT_MS, type HttpClientOptions, paymentClientOptions } from './http.ts';
import { buildQueryString } from './query.ts';

interface Captured {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that records each call and answers `answer`. */
function recordingFetch(answer: () => Response | Promise<Response> = () => jsonResponse(200, { ok: true })) {
  const calls: Captured[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  }) as typeof fetch;
  return { calls, fetchStub };
}

function options(overrides: Partial<HttpClientOptions> = {}): HttpClientOptions {
  return {
    baseUrl: 'http://api.test',
    getToken: () => 'token-abc',
    getLanguage: () => 'id-ID',
    getClientId: () => 'client-1',
    ...overrides,
  };
}

function headersOf(call: Captured | undefined): Record<string, string> {
  return { ...(call?.init.headers as Record<string, string>) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const listOrders = endpoint({
  method: 'GET',
  path: '/main/test/orders/:id',
  access: 'secure',
  summary: 'test endpoint',
  params: z.object({ id: z.number() }),
  query: z.object({}).passthrough(),
  response: z.unknown(),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('timeout', () => {
  it('is 10 s by default and rejects with "network timeout" when fetch never answers', async () => {
    vi.useFakeTimers();
    const fetchStub = (() => new Promise<Response>(() => {})) as typeof fetch;
    const onError = vi.fn();
    const client = createHttpClient(options({ fetch: fetchStub, onError }));
    const outcome = failure(client.call(contracts.user.me));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(HTTP_TIMEOUT_MS).toBe(10_000);
    expect(error.message).toBe(NETWORK_TIMEOUT_MESSAGE);
    expect(error.errMsg).toBe('network timeout');
    expect(error.errCode).toBe(-1);
    expect(error.httpStatus).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('aborts the request through its signal when the deadline passes', async () => {
    let signal: AbortSignal | undefined;
    const fetchStub = ((_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }) as typeof fetch;
    const client = createHttpClient(options({ fetch: fetchStub, timeoutMs: 20 }));
    const error = await failure(client.call(contracts.user.me));
    expect(error.errMsg).toBe('network timeout');
    expect(signal?.aborted).toBe(true);
  });

  it('also covers a body that never finishes', async () => {
    const stalled = new Response(new ReadableStream({ start() {} }), { status: 200 });
    const { fetchStub } = recordingFetch(() => stalled);
    const client = createHttpClient(options({ fetch: fetchStub, timeoutMs: 20 }));
    expect((await failure(client.call(contracts.user.me))).errMsg).toBe('network timeout');
  });

  it('reports a network failure as -1 with its message, not as a timeout', async () => {
    const fetchStub = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const error = await failure(createHttpClient(options({ fetch: fetchStub })).call(contracts.user.me));
    expect(error.errCode).toBe(-1);
    expect(error.errMsg).toBe('fetch failed');
  });
});

describe('query strings', () => {
  it('comma-joins arrays and drops undefined, null, empty strings and empty arrays', () => {
    expect(
      buildQueryString({
        state: [0, 1, 2],
        holes: ['a', '', null, undefined, 'b'],
        empty: '',
        nothing: null,
        missing: undefined,
        none: [],
        onlyEmpty: ['', null],
        page: 1,
        zero: 0,
        flag: false,
      }),
    ).toBe('?state=0%2C1%2C2&holes=a%2Cb&page=1&zero=0&flag=false');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ a: '' })).toBe('');
  });

  it('encodes keys and values so nothing escapes its parameter', () => {
    expect(buildQueryString({ 'a&b': 'x=1&y=2', q: '#frag' })).toBe('?a%26b=x%3D1%26y%3D2&q=%23frag');
  });

  it('puts the joined query and the encoded path parameter on the URL the client fetches', async () => {
    const { calls, fetchStub } = recordingFetch();
    const client = createHttpClient(options({ fetch: fetchStub }));
    await client.call(listOrders, {
      params: { id: 7 },
      query: { count: 500, page: 1, state: [0, 1], orderNo: '', type: undefined },
    });
    const url = new URL(calls[0]?.url ?? '');
    expect(url.pathname).toBe('/main/test/orders/7');
    expect(url.searchParams.get('state')).toBe('0,1');
    expect([...url.searchParams.keys()].sort()).toEqual(['count', 'page', 'state']);
    await client.call(listOrders, { params: { id: '../../x' } });
    expect(calls[1]?.url).toBe('http://api.test/main/test/orders/..%2F..%2Fx');
  });
});

describe('headers', () => {
  it('sends language, client_id and main_token on secure calls', async () => {
    const { calls, fetchStub } = recordingFetch();
    const client = createHttpClient(options({ fetch: fetchStub, getProjectId: () => 16 }));
    await client.call(contracts.user.me);
    expect(headersOf(calls[0])).toMatchObject({
      language: 'id-ID',
      client_id: 'client-1',
      main_token: 'token-abc',
      projectId: '16',
    });
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('never sends the token on public calls', async () => {
    const { calls, fetchStub } = recordingFetch();
    const client = createHttpClient(options({ fetch: fetchStub }));
    await client.call(contracts.user.checkPhone, { body: { phone: '08123456789' } });
    const headers = headersOf(calls[0]);
    expect(headers.main_token).toBeUndefined();
    expect(headers.language).toBe('id-ID');
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ phone: '08123456789' });
  });

  it('omits the token header when signed out', async () => {
    const { calls, fetchStub } = recordingFetch();
    await createHttpClient(options({ fetch: fetchStub, getToken: () => null })).call(contracts.user.me);
    expect('main_token' in headersOf(calls[0])).toBe(false);
  });

  it('never lets CR/LF from the token or language reach a header', async () => {
    const { calls, fetchStub } = recordingFetch();
    const client = createHttpClient(
      options({
        fetch: fetchStub,
        getToken: () => 'abc\r\nX-Injected: 1',
        getLanguage: () => 'en\nSet-Cookie: session=evil',
        getClientId: () => '\r\n',
      }),
    );
    await client.call(contracts.user.me);
    const headers = headersOf(calls[0]);
    for (const [name, value] of Object.entries(headers)) {
      expect(value, name).not.toMatch(/[\r\n]/);
    }
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('x-injected');
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('set-cookie');
    expect(headers.main_token).toBe('abcX-Injected: 1');
    expect('client_id' in headers).toBe(false);
    // The headers are accepted by a real Headers object (which throws on CR/LF).
    expect(() => new Headers(headers)).not.toThrow();
  });

  it('drops header values with characters outside printable ASCII', async () => {
    const { calls, fetchStub } = recordingFetch();
    const client = createHttpClient(
      options({ fetch: fetchStub, getLanguage: () => 'id\u0000ID', getToken: () => 'tök\u2028en' }),
    );
    await client.call(contracts.user.me);
    const headers = headersOf(calls[0]);
    expect('language' in headers).toBe(false);
    expect('main_token' in headers).toBe(false);
    expect(() => new Headers(headers)).not.toThrow();
  });
});

describe('error code rule: errCode, else the HTTP status, else -1', () => {
  it('takes errCode from the body', async () => {
    const { fetchStub } = recordingFetch(() => jsonResponse(400, { errCode: 7021, errMsg: 'salah' }));
    const error = await failure(createHttpClient(options({ fetch: fetchStub })).call(contracts.user.me));
    expect(error.errCode).toBe(7021);
    expect(error.errMsg).toBe('salah');
    expect(error.httpStatus).toBe(400);
  });

  it('falls back to the HTTP status when the body has no usable errCode', async () => {
    for (const body of ['<html>bad gateway</html>', { message: 'no code' }, { errCode: 'x' }, '']) {
      const { fetchStub } = recordingFetch(() => jsonResponse(502, body));
      const error = await failure(createHttpClient(options({ fetch: fetchStub })).call(contracts.user.me));
      expect(error.errCode).toBe(502);
      expect(error.httpStatus).toBe(502);
    }
  });

  it('is -1 without a status', () => {
    expect(errorCodeOf(null, null)).toBe(-1);
    expect(errorCodeOf(0, undefined)).toBe(-1);
    expect(errorCodeOf(null, { errCode: 12 })).toBe(12);
    expect(errorCodeOf(500, { errCode: '707' })).toBe(707);
    expect(errorCodeOf(500, { errCode: 1.5 })).toBe(500);
  });

  it('answers the parsed body on success', async () => {
    const { fetchStub } = recordingFetch(() => jsonResponse(200, { version: '42' }));
    expect(await createHttpClient(options({ fetch: fetchStub })).call(contracts.shell.version)).toEqual({
      version: '42',
    });
  });
});

describe('onError and the payment client', () => {
  it('calls onError for every failure of the ordinary client, 12054 and 12062 included', async () => {
    for (const code of [12054, 12062, 1, 3]) {
      const onError = vi.fn();
      const { fetchStub } = recordingFetch(() => jsonResponse(400, { errCode: code, errMsg: 'x' }));
      await failure(createHttpClient(options({ fetch: fetchStub, onError })).call(contracts.user.me));
      expect(onError, String(code)).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]?.[0].errCode).toBe(code);
      expect(onError.mock.calls[0]?.[1]).toBe(contracts.user.me);
    }
  });

  it('passes 12054 and 12062 on silently in the payment client, still rejecting the call', async () => {
    for (const [code, silent] of [
      [12054, true],
      [12062, true],
      [1, false],
      [7021, false],
    ] as const) {
      const onError = vi.fn();
      const { fetchStub } = recordingFetch(() => jsonResponse(400, { errCode: code, errMsg: 'x' }));
      const client = createHttpClient(paymentClientOptions(options({ fetch: fetchStub, onError })));
      expect((await failure(client.call(contracts.user.me))).errCode).toBe(code);
      expect(onError, String(code)).toHaveBeenCalledTimes(silent ? 0 : 1);
    }
  });
});

describe('reactionTo', () => {
  it('shows 762, 777, 712 and 1 as an info dialog with the server message', () => {
    for (const code of [762, 777, 712, 1]) {
      const reaction = reactionTo(new ApiError(code, 'Pesan server', 400));
      expect(reaction.dialog, String(code)).toBe('info');
      expect(reaction.message).toBe('Pesan server');
    }
  });

  it('shows other codes as an error dialog with "(Error Code: n)"', () => {
    for (const code of [0, 3, 9, 707, 7021, 12062, -1]) {
      const reaction = reactionTo(new ApiError(code, 'Gagal', 400));
      expect(reaction.dialog).toBe('error');
      expect(reaction.message).toBe(`Gagal (Error Code: ${code})`);
    }
  });

  it('logs out on 1 only and redirects to /500 on 9 only', () => {
    expect(reactionTo(new ApiError(1, 'x', 401))).toMatchObject({ logout: true, redirectTo500: false });
    expect(reactionTo(new ApiError(9, 'x', 503))).toMatchObject({ logout: false, redirectTo500: true });
    for (const code of [707, 762, 3, 0, -1]) {
      expect(reactionTo(new ApiError(code, 'x', 400))).toMatchObject({ logout: false, redirectTo500: false });
    }
  });
});
