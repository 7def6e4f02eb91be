// Proves that no input, however malformed or hostile, gets a 5xx or changes data: for every
// endpoint of listEndpoints() it sends missing fields, wrong types, oversize strings, unicode junk,
// SQL/script injection, malformed JSON, wrong content types and bad or absent tokens, and expects
// 3 / 1 / 707 exactly; a fast-check property hammers login and register with random bodies.
import { createPayhubClient, type PayhubClient } from '@payhub/client';
import { type Endpoint, ErrorCode, httpStatusOf, listEndpoints } from '@payhub/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

const OVERSIZE = 'a'.repeat(10_000);
/** Strings no field should trust: oversize, unicode junk, SQL and script injection, traversal. */
const HOSTILE_STRINGS = [
  OVERSIZE,
  '\u0000\u0007\u001b[31m\uFFFF\uFEFF\u202E\u200B💣🤖𝕏 ñ 中文 한국어 \u0301\u0301',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "Robert'); DELETE FROM sessions;--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '\u0024{7*7}{{7*7}}%s%n',
  '   ',
  '',
];
/** Values of the wrong JSON type for any field. */
const WRONG_TYPES: unknown[] = [12345, -1, 1.5, 1e308, true, null, [], [1, 2], {}, { $gt: '' }, ['a', 'b']];
const TOP_LEVEL_JUNK = ['[]', '"text"', '123', 'null', 'true', '[{"phone":"1"}]'];
const MALFORMED_JSON = ['{', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '{"a":1}}', '\u0000'];
const PROTO_POISON = ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}'];
const WRONG_CONTENT_TYPES: Array<[string, string]> = [
  ['application/xml', '<phone>1</phone>'],
  ['application/x-www-form-urlencoded', 'phone=1&password=2'],
  ['image/png', '\u0089PNG'],
];
/** Malformed tokens answer 707; a well-formed unknown token too. */
const BAD_TOKENS = [
  'garbage',
  'A'.repeat(43),
  "' OR 1=1 --",
  'Bearer x',
  'a'.repeat(10_000),
  'ñññ',
  '<script>',
];

let testApp: TestApp;
let ipCounter = 0;
let token = '';

/** Each request comes from another client address, so the per-address rate limits stay out of the way. */
function nextAddress(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

interface Answer {
  status: number;
  body: { errCode?: unknown; errMsg?: unknown } | null;
}

async function send(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${testApp.baseUrl}${path}`, {
    method,
    headers: { 'x-forwarded-for': nextAddress(), ...options.headers },
    body: options.body,
  });
  const text = await response.text();
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/** Top-level field names of an object schema (through defaults, pipes and strictness). */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

function pathWith(endpoint: Endpoint, params: Record<string, string>): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? '1'),
  );
}

function queryString(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(item)}`);
    }
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

interface Case {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The code the answer must carry; `null` means "any 4xx but no 5xx" (input the contract accepts). */
  errCode: number | null;
}

/** Every bad request for one endpoint, generated from its contract. */
function casesFor(endpoint: Endpoint): Case[] {
  const cases: Case[] = [];
  const auth: Record<string, string> = endpoint.access === 'secure' ? { main_token: token } : {};
  const basePath = pathWith(endpoint, {});
  const hasBody = endpoint.method !== 'GET';

  if (endpoint.access === 'secure') {
    cases.push({
      label: 'no token',
      method: endpoint.method,
      path: basePath,
      errCode: ErrorCode.LoginExpired,
    });
    cases.push({
      label: 'empty token',
      method: endpoint.method,
      path: basePath,
      headers: { main_token: '' },
      errCode: ErrorCode.LoginExpired,
    });
    for (const bad of BAD_TOKENS) {
      cases.push({
        label: `bad token ${bad.slice(0, 12)}`,
        method: endpoint.method,
        path: basePath,
        headers: { main_token: bad },
        errCode: ErrorCode.TokenInvalid,
      });
    }
    // The token is checked before anything else is read: junk with a bad token still answers 707.
    cases.push({
      label: 'bad token with junk body',
      method: endpoint.method,
      path: basePath,
      headers: { main_token: 'B'.repeat(43), 'content-type': 'application/json' },
      body: hasBody ? '{"x":' : undefined,
      errCode: hasBody ? null : ErrorCode.TokenInvalid,
    });
  }

  // Path parameters: each replaced by every hostile string (and the others left plausible), plus a
  // malformed %-escape. Input the contract accepts is only sent to reads.
  const paramFields = fieldsOf(endpoint.params);
  for (const name of paramFields) {
    for (const junk of HOSTILE_STRINGS.filter((value) => value !== '')) {
      const params = { [name]: junk };
      const accepted = endpoint.params?.safeParse(
        Object.fromEntries(paramFields.map((field) => [field, params[field] ?? '1'])),
      ).success;
      if (accepted && endpoint.method !== 'GET') continue;
      cases.push({
        label: `param ${name}=${JSON.stringify(junk.slice(0, 16))}`,
        method: endpoint.method,
        path: pathWith(endpoint, params),
        headers: auth,
        errCode: accepted ? null : ErrorCode.BadParameter,
      });
    }
    cases.push({
      label: `param ${name} with a broken %-escape`,
      method: endpoint.method,
      path: endpoint.path.replace(`:${name}`, '%E0%A4%A').replace(/:([A-Za-z0-9_]+)/g, '1'),
      headers: auth,
      errCode: ErrorCode.BadParameter,
    });
  }

  // Query: missing entirely, each key junk, each key repeated (an array where a scalar is expected).
  const queryFields = fieldsOf(endpoint.query);
  if (endpoint.query) {
    const queryCases: Array<[string, Record<string, string | string[]>]> = [['no query', {}]];
    for (const name of queryFields) {
      for (const junk of HOSTILE_STRINGS)
        queryCases.push([`query ${name}=${JSON.stringify(junk.slice(0, 16))}`, { [name]: junk }]);
      queryCases.push([`query ${name} repeated`, { [name]: ['1', '2'] }]);
    }
    for (const [label, query] of queryCases) {
      const accepted = endpoint.query.safeParse(query).success;
      // Input the contract accepts is only sent to reads; a write would change data legitimately.
      if (accepted && endpoint.method !== 'GET') continue;
      cases.push({
        label,
        method: endpoint.method,
        path: `${basePath}${queryString(query)}`,
        headers: auth,
        errCode: accepted ? null : ErrorCode.BadParameter,
      });
    }
  }

  if (!hasBody) return cases;
  const json = { ...auth, 'content-type': 'application/json' };
  // Parser-level refusals: these never reach a handler, whatever the endpoint.
  for (const body of [...MALFORMED_JSON, ...PROTO_POISON]) {
    cases.push({
      label: `malformed ${body.slice(0, 12)}`,
      method: endpoint.method,
      path: basePath,
      headers: json,
      body,
      errCode: 3,
    });
  }
  for (const [contentType, body] of WRONG_CONTENT_TYPES) {
    cases.push({
      label: `content-type ${contentType}`,
      method: endpoint.method,
      path: basePath,
      headers: { ...auth, 'content-type': contentType },
      body,
      errCode: 3,
    });
  }
  cases.push({
    label: 'empty JSON body',
    method: endpoint.method,
    path: basePath,
    headers: json,
    body: '',
    errCode: 3,
  });
  cases.push({
    label: 'body over the 256 KiB limit',
    method: endpoint.method,
    path: basePath,
    headers: json,
    body: JSON.stringify({ value: 'x'.repeat(300 * 1024) }),
    errCode: 3,
  });

  if (endpoint.bodyKind === 'multipart') {
    cases.push({
      label: 'JSON instead of multipart',
      method: endpoint.method,
      path: basePath,
      headers: json,
      body: '{}',
      errCode: 3,
    });
    return cases;
  }
  if (!endpoint.body) return cases;

  const bodies: Array<[string, unknown]> = [
    ['no fields', {}],
    ['unknown field', { unexpectedField: 1 }],
  ];
  for (const junk of TOP_LEVEL_JUNK) bodies.push([`top-level ${junk}`, JSON.parse(junk)]);
  const bodyFields = fieldsOf(endpoint.body);
  for (const name of bodyFields) {
    for (const junk of [...HOSTILE_STRINGS, ...WRONG_TYPES]) {
      bodies.push([`body ${name}=${JSON.stringify(junk)?.slice(0, 16)}`, { [name]: junk }]);
    }
  }
  for (const junk of [...HOSTILE_STRINGS, ...WRONG_TYPES]) {
    bodies.push([
      `all fields ${JSON.stringify(junk)?.slice(0, 16)}`,
      Object.fromEntries(bodyFields.map((name) => [name, junk])),
    ]);
  }
  for (const [label, value] of bodies) {
    // Only input the contract refuses: accepted input would legitimately change data.
    if (endpoint.body.safeParse(value).success) continue;
    cases.push({
      label,
      method: endpoint.method,
      path: basePath,
      headers: json,
      body: JSON.stringify(value),
      errCode: 3,
    });
  }
  // No body at all where one is required.
  if (!endpoint.body.safeParse(undefined).success) {
    cases.push({ label: 'no body', method: endpoint.method, path: basePath, headers: auth, errCode: 3 });
  }
  return cases;
}

function problemWith(testCase: Case, answer: Answer): string | null {
  const where = `${testCase.method} ${testCase.path.slice(0, 80)} [${testCase.label}]`;
  if (answer.status >= 500) return `${where}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`;
  if (answer.status < 400) {
    return testCase.errCode === null
      ? null
      : `${where}: accepted (HTTP ${answer.status}), expected ${testCase.errCode}`;
  }
  const errCode = answer.body?.errCode;
  if (typeof errCode !== 'number' || typeof answer.body?.errMsg !== 'string') {
    return `${where}: HTTP ${answer.status} without the { errCode, errMsg } envelope`;
  }
  if (testCase.errCode === null) return errCode === 0 ? `${where}: errCode 0` : null;
  if (errCode === testCase.errCode && answer.status === httpStatusOf(errCode)) return null;
  return `${where}: HTTP ${answer.status} errCode ${errCode} (${String(answer.body.errMsg).slice(0, 80)}), expected ${testCase.errCode}`;
}

/** A digest of every table, so "nothing changed" means nothing at all. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const { rows: tables } = await testApp.database.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await testApp.database.pool.query<{ n: string; hash: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash FROM "${table}" t`,
    );
    digest[table] = `${rows[0]?.n}:${rows[0]?.hash}`;
  }
  return digest;
}

let before: Record<string, string>;
let client: PayhubClient;

beforeAll(async () => {
  testApp = await startTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000' } });
  // A client whose every request comes from its own address (see nextAddress).
  const fetchFromManyAddresses = ((input: RequestInfo | URL, init?: RequestInit) =>
    fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': nextAddress() },
    })) as typeof fetch;
  client = createPayhubClient({ baseUrl: testApp.baseUrl, projectId: 12, fetch: fetchFromManyAddresses });
  const account = testApp.accounts.find(
    (candidate) => candidate.label === 'operator' && candidate.projectId === 12,
  );
  if (!account) throw new Error('no seeded operator account');
  token = (await client.api.user.login({ body: { phone: account.phone, password: account.password } })).token;
  client.setToken(token);
  before = await databaseFingerprint();
});
afterAll(async () => testApp?.close());

describe('bad input on every declared endpoint', () => {
  const endpoints = listEndpoints();

  it('covers every endpoint of the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(10);
    expect(new Set(endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`)).size).toBe(
      endpoints.length,
    );
  });

  for (const { group, name, endpoint } of endpoints) {
    it(`${group}.${name}: ${endpoint.method} ${endpoint.path}`, async () => {
      const cases = casesFor(endpoint);
      const problems: string[] = [];
      // A few at a time: fast, without drowning a shared machine.
      for (let index = 0; index < cases.length; index += 8) {
        const batch = cases.slice(index, index + 8);
        const answers = await Promise.all(
          batch.map((testCase) => send(testCase.method, testCase.path, testCase)),
        );
        batch.forEach((testCase, position) => {
          const problem = problemWith(testCase, answers[position] as Answer);
          if (problem) problems.push(problem);
        });
      }
      expect(problems).toEqual([]);
      if (endpoint.access === 'secure' || endpoint.params || endpoint.query || endpoint.body) {
        expect(cases.length).toBeGreaterThan(0);
      }
    });
  }

  it('the session used above still works (nothing revoked it)', async () => {
    expect((await client.api.user.me()).id).toBeGreaterThan(0);
  });
});

describe('property: random bodies to login and register never produce a 5xx', () => {
  const phoneLike = fc.stringMatching(/^\+?[\d\s\-().]{0,30}$/);
  const randomBodies = fc.oneof(
    fc.anything(),
    fc.record(
      {
        phone: fc.oneof(phoneLike, fc.string(), fc.anything()),
        password: fc.oneof(fc.string(), fc.anything()),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        phone: fc.oneof(phoneLike, fc.string()),
        password: fc.string({ maxLength: 70 }),
        code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string()),
        nickname: fc.string(),
        shareCode: fc.string(),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string(), fc.anything()),
  );

  for (const path of ['/main/user/phone/login', '/main/user/phone/register']) {
    it(`${path}: JSON bodies`, async () => {
      await fc.assert(
        fc.asyncProperty(randomBodies, async (value) => {
          const body = JSON.stringify(value) ?? 'null';
          const answer = await send('POST', path, { headers: { 'content-type': 'application/json' }, body });
          expect(answer.status, body.slice(0, 200)).toBeGreaterThanOrEqual(400);
          expect(answer.status, body.slice(0, 200)).toBeLessThan(500);
          expect(typeof answer.body?.errCode).toBe('number');
          expect(answer.body?.errCode).not.toBe(0);
        }),
        { numRuns: 150 },
      );
    });

    it(`${path}: raw strings as the body`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 200 }), async (raw) => {
          const answer = await send('POST', path, {
            headers: { 'content-type': 'application/json' },
            body: raw,
          });
          expect(answer.status, raw).toBeGreaterThanOrEqual(400);
          expect(answer.status, raw).toBeLessThan(500);
          expect(answer.body?.errCode).not.toBe(0);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('the typed client gets the same refusals (code 3) for wrong shapes', async () => {
    for (const body of [
      { phone: 12345, password: true },
      { phone: '0812' },
      { phone: "' OR 1=1 --", password: 'x' },
    ]) {
      await expect(
        client.http.call(
          listEndpoints().find((entry) => entry.group === 'user' && entry.name === 'login')!.endpoint,
          { body },
        ),
      ).rejects.toMatchObject({ errCode: 3 });
    }
  });
});

describe('client address', () => {
  it('a spoofed X-Forwarded-For does not dodge the rate limits unless TRUST_PROXY allows it', async () => {
    const direct = await startTestApp();
    try {
      const codes: number[] = [];
      for (let attempt = 0; attempt < 32; attempt += 1) {
        const response = await fetch(`${direct.baseUrl}/main/user/phone/check`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
          body: JSON.stringify({ phone: 'not a phone' }),
        });
        codes.push(((await response.json()) as { errCode: number }).errCode);
      }
      // 30 a minute per address on the public account calls; every spoofed address is the same socket.
      expect(codes.slice(0, 30).every((code) => code === ErrorCode.BadParameter)).toBe(true);
      expect(codes.slice(30)).toEqual([ErrorCode.TooFrequent, ErrorCode.TooFrequent]);
    } finally {
      await direct.close();
    }
  });
});

describe('after all of it', () => {
  it('the database is exactly as before', async () => {
    expect(await databaseFingerprint()).toEqual(before);
  });
});
