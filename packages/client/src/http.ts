import { type Endpoint, fillPath, PAYMENT_SILENT_CODES } from '@payhub/contracts';
import { ApiError, errorCodeOf, NETWORK_TIMEOUT_MESSAGE } from './errors.ts';
import { buildQueryString } from './query.ts';

export const HTTP_TIMEOUT_MS = 10_000;

export interface HttpClientOptions {
  /** Origin of the server, e.g. "http://localhost:8080"; "" for the page's own origin. */
  baseUrl: string;
  getToken: () => string | null;
  getLanguage: () => string;
  getClientId: () => string;
  /** Project selection header; the server falls back to the cookie, then project 12. */
  getProjectId?: () => number | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Called for every failure the app should react to (dialogs, logout, /500). */
  onError?: (error: ApiError, endpoint: Endpoint) => void;
  /** Codes passed on without calling onError (the payment client: 12054, 12062). */
  silentCodes?: readonly number[];
}

export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent as `Idempotency-Key` so a retried money call is answered once. */
  idempotencyKey?: string;
}

/** Header values must not carry CR/LF or non-Latin-1 characters (header injection). */
function headerValue(value: string): string | null {
  const clean = value.replace(/[\r\n]/g, '');
  return /^[\x20-\x7e]*$/.test(clean) && clean.length > 0 ? clean : null;
}

export interface HttpClient {
  call(endpoint: Endpoint, input?: CallInput): Promise<unknown>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;

  function fail(error: ApiError, endpoint: Endpoint): never {
    if (!options.silentCodes?.includes(error.errCode)) options.onError?.(error, endpoint);
    throw error;
  }

  async function call(endpoint: Endpoint, input: CallInput = {}): Promise<unknown> {
    const url = `${options.baseUrl}${fillPath(endpoint.path, input.params)}${buildQueryString(input.query)}`;
    const headers: Record<string, string> = {};
    const set = (name: string, value: string | null | undefined) => {
      const clean = value == null ? null : headerValue(value);
      if (clean) headers[name] = clean;
    };
    set('language', options.getLanguage());
    set('client_id', options.getClientId());
    const projectId = options.getProjectId?.();
    if (projectId != null) set('projectId', String(projectId));
    if (endpoint.access === 'secure') set('main_token', options.getToken());
    set('Idempotency-Key', input.idempotencyKey);

    let body: BodyInit | undefined;
    if (endpoint.bodyKind === 'multipart') {
      body = input.body as FormData;
    } else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }

    // The deadline covers the whole exchange (answer and body) and holds even when a fetch
    // implementation ignores the abort signal.
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ApiError(-1, NETWORK_TIMEOUT_MESSAGE, null));
      }, timeoutMs);
    });
    let response: Response;
    let text = '';
    try {
      response = await Promise.race([
        doFetch(url, { method: endpoint.method, headers, body, signal: controller.signal }),
        deadline,
      ]);
      try {
        text = await Promise.race([response.text(), deadline]);
      } catch (cause) {
        // An unreadable body still has a status; only the deadline turns it into a timeout.
        if (cause instanceof ApiError || controller.signal.aborted) throw cause;
      }
    } catch (cause) {
      const timedOut = cause instanceof ApiError || controller.signal.aborted;
      return fail(
        new ApiError(
          -1,
          timedOut ? NETWORK_TIMEOUT_MESSAGE : String((cause as Error)?.message ?? cause),
          null,
        ),
        endpoint,
      );
    } finally {
      clearTimeout(timer);
    }
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.ok) return parsed;
    const errMsg =
      parsed && typeof parsed === 'object' && typeof (parsed as { errMsg?: unknown }).errMsg === 'string'
        ? (parsed as { errMsg: string }).errMsg
        : response.statusText || 'request failed';
    return fail(new ApiError(errorCodeOf(response.status, parsed), errMsg, response.status), endpoint);
  }

  return { call };
}

/** Options for the payment client: the same client with 12054/12062 passed on silently. */
export function paymentClientOptions(options: HttpClientOptions): HttpClientOptions {
  return { ...options, silentCodes: [...(options.silentCodes ?? []), ...PAYMENT_SILENT_CODES] };
}
