// Proves the site and shell surface through the real app: public config (computed and stored keys,
// 404 for unknown ones), project selection by header and cookie, image uploads limited by sniffed
// type and size and served back, version, health, and /docs listing every declared endpoint.
import type { PayhubClient } from '@payhub/client';
import { contracts, listEndpoints, UPLOAD_MAX_BYTES } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-test-body')]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 test-body'),
]);

function form(bytes: Buffer, name: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

function upload(client: PayhubClient, body: FormData) {
  return client.http.call(contracts.site.upload, { body }) as Promise<{
    url: string;
    mime: string;
    size: number;
  }>;
}

describe('GET /main/site/config/{key}', () => {
  it('answers the current project (default 12) under `project`', async () => {
    const { key, value } = await testApp.client().api.site.config({ params: { key: 'project' } });
    expect(key).toBe('project');
    expect(value).toMatchObject({
      projectId: 12,
      locale: 'id-ID',
      currency: 'IDR',
      timeZone: 'Asia/Jakarta',
      countryCode: '62',
      currencySymbol: 'Rp',
      currencyDigits: 2,
      playMoney: true,
      licence: null,
    });
  });

  it('lists every project under `projects`', async () => {
    const { value } = await testApp.client().api.site.config({ params: { key: 'projects' } });
    const projects = value as Array<{ projectId: number; locale: string; currency: string }>;
    expect(projects.map((project) => project.projectId)).toEqual([10, 12, 16]);
    expect(projects.find((project) => project.projectId === 16)).toMatchObject({
      locale: 'es-MX',
      currency: 'MXN',
      currencySymbol: 'MX$',
      countryCode: '52',
    });
  });

  it('answers customerService and stored keys such as minNativeVersionCode', async () => {
    const client = testApp.client();
    const service = await client.api.site.config({ params: { key: 'customerService' } });
    expect(service.value).toEqual({ chatUrl: testApp.config.csChatUrl });
    const stored = await client.api.site.config({ params: { key: 'minNativeVersionCode' } });
    expect(stored).toEqual({ key: 'minNativeVersionCode', value: 9 });
  });

  it('answers 404 with code 404 for an unknown key and hides non-public rows', async () => {
    await testApp.database.pool.query(
      `INSERT INTO site_config (project_id, key, value, public) VALUES (12, 'internalSecret', '"s3cret"', false)`,
    );
    const client = testApp.client();
    for (const key of ['noSuchSetting', 'internalSecret']) {
      const error = await failure(client.api.site.config({ params: { key } }));
      expect(error.errCode).toBe(404);
      expect(error.httpStatus).toBe(404);
      expect(error.errMsg).not.toContain('s3cret');
    }
  });

  it('refuses a malformed key with code 3', async () => {
    const response = await fetch(`${testApp.baseUrl}/main/site/config/${encodeURIComponent("a' OR 1=1")}`);
    expect(response.status).toBe(400);
    expect((await response.json()).errCode).toBe(3);
  });
});

describe('project selection', () => {
  async function projectIdOf(headers: Record<string, string>): Promise<{ status: number; body: never }> {
    const response = await fetch(`${testApp.baseUrl}/main/site/config/project`, { headers });
    return { status: response.status, body: (await response.json()) as never };
  }

  it('takes the projectId header', async () => {
    const { value } = await testApp.client(16).api.site.config({ params: { key: 'project' } });
    expect(value).toMatchObject({ projectId: 16, locale: 'es-MX', timeZone: 'America/Mexico_City' });
    const raw = await projectIdOf({ projectId: '10' });
    expect((raw.body as { value: { projectId: number } }).value.projectId).toBe(10);
  });

  it('takes the projectId cookie, and the header wins over the cookie', async () => {
    const byCookie = await projectIdOf({ cookie: 'projectId=16; other=1' });
    expect((byCookie.body as { value: { projectId: number } }).value.projectId).toBe(16);
    const both = await projectIdOf({ cookie: 'projectId=16', projectId: '10' });
    expect((both.body as { value: { projectId: number } }).value.projectId).toBe(10);
  });

  it('defaults to project 12', async () => {
    const none = await projectIdOf({});
    expect((none.body as { value: { projectId: number } }).value.projectId).toBe(12);
    const emptyCookie = await projectIdOf({ cookie: 'projectId=' });
    expect((emptyCookie.body as { value: { projectId: number } }).value.projectId).toBe(12);
  });

  it('refuses an unknown project with 12062, by header or cookie', async () => {
    const cases: Array<Record<string, string>> = [
      { projectId: '99' },
      { projectId: 'abc' },
      { projectId: '12; DROP TABLE users' },
      { projectId: '-12' },
      { cookie: 'projectId=13' },
    ];
    for (const headers of cases) {
      const { status, body } = await projectIdOf(headers);
      expect(status, JSON.stringify(headers)).toBe(400);
      expect((body as { errCode: number }).errCode).toBe(12062);
    }
    const error = await failure(testApp.client(99).api.site.config({ params: { key: 'project' } }));
    expect(error.errCode).toBe(12062);
  });
});

describe('POST /main/site/list/config', () => {
  it('answers the known keys once each and leaves unknown ones out', async () => {
    const { items } = await testApp.client().api.site.listConfig({
      body: {
        keys: ['project', 'minNativeVersionCode', 'noSuchSetting', 'project', 'appOnlyExemptTimeZone'],
      },
    });
    expect(items.map((item) => item.key).sort()).toEqual([
      'appOnlyExemptTimeZone',
      'minNativeVersionCode',
      'project',
    ]);
    expect(items.find((item) => item.key === 'appOnlyExemptTimeZone')?.value).toBe('Asia/Shanghai');
  });

  it('answers for the selected project', async () => {
    const { items } = await testApp.client(16).api.site.listConfig({ body: { keys: ['project'] } });
    expect((items[0]?.value as { projectId: number } | undefined)?.projectId).toBe(16);
  });

  it('refuses an empty list, more than 50 keys, malformed keys and extra fields with code 3', async () => {
    const client = testApp.client();
    const bodies: unknown[] = [
      { keys: [] },
      { keys: Array.from({ length: 51 }, (_, index) => `key${index}`) },
      { keys: ['../etc/passwd'] },
      { keys: 'project' },
      { keys: ['project'], extra: true },
      {},
    ];
    for (const body of bodies) {
      const error = await failure(client.http.call(contracts.site.listConfig, { body }));
      expect(error.errCode, JSON.stringify(body).slice(0, 60)).toBe(3);
      expect(error.httpStatus).toBe(400);
    }
  });
});

describe('POST /main/site/upload', () => {
  let signedIn: PayhubClient;
  beforeAll(async () => {
    signedIn = await testApp.signIn('operator', 12);
  });

  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
  ])('accepts a %s image by its content and serves it back with its type', async (_, bytes, mime) => {
    // The declared type and name are wrong on purpose: only the content decides.
    const uploaded = await upload(signedIn, form(bytes, 'picture.bin', 'application/octet-stream'));
    expect(uploaded.mime).toBe(mime);
    expect(uploaded.size).toBe(bytes.length);
    expect(uploaded.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]{8,64}\.(png|jpg|webp)$/);
    const served = await fetch(`${testApp.baseUrl}${uploaded.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mime);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('records the upload against the uploader', async () => {
    const { rows } = await testApp.database.pool.query(
      `SELECT u.mime, u.size FROM uploads u JOIN users s ON s.id = u.user_id WHERE s.phone = $1 ORDER BY u.id`,
      [testApp.accounts.find((account) => account.label === 'operator' && account.projectId === 12)?.phone],
    );
    expect(rows.map((row) => row.mime)).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });

  it('refuses a text file renamed .png with code 3, and stores nothing', async () => {
    const before = await testApp.database.pool.query('SELECT count(*)::int AS n FROM uploads');
    const text = Buffer.from('<?php system($_GET["c"]); ?> definitely not an image');
    const error = await failure(upload(signedIn, form(text, 'avatar.png', 'image/png')));
    expect(error.errCode).toBe(3);
    expect(error.httpStatus).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await failure(upload(signedIn, form(svg, 'a.svg', 'image/svg+xml')))).errCode).toBe(3);
    expect((await failure(upload(signedIn, form(Buffer.alloc(0), 'empty.png', 'image/png')))).errCode).toBe(
      3,
    );
    const after = await testApp.database.pool.query('SELECT count(*)::int AS n FROM uploads');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a file over 2 MiB with code 3', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - PNG.length, 0x41)]);
    expect(big.length).toBe(UPLOAD_MAX_BYTES + 1);
    const error = await failure(upload(signedIn, form(big, 'big.png', 'image/png')));
    expect(error.errCode).toBe(3);
    expect(error.httpStatus).toBe(400);
    const exact = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES - PNG.length, 0x41)]);
    expect((await upload(signedIn, form(exact, 'exact.png', 'image/png'))).size).toBe(UPLOAD_MAX_BYTES);
  });

  it('refuses a body that is not multipart with code 3', async () => {
    const response = await fetch(`${testApp.baseUrl}/main/site/upload`, {
      method: 'POST',
      headers: { main_token: signedIn.getToken() ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ file: PNG.toString('base64') }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errCode).toBe(3);
    const noFile = new FormData();
    noFile.append('note', 'no file here');
    expect((await failure(upload(signedIn, noFile))).errCode).toBe(3);
  });

  it('refuses an anonymous upload with code 1 and a forged token with 707', async () => {
    const anonymous = testApp.client();
    const error = await failure(upload(anonymous, form(PNG, 'a.png', 'image/png')));
    expect(error.errCode).toBe(1);
    expect(error.httpStatus).toBe(401);
    anonymous.setToken('A'.repeat(43));
    expect((await failure(upload(anonymous, form(PNG, 'a.png', 'image/png')))).errCode).toBe(707);
  });

  it('does not serve paths outside the upload store', async () => {
    for (const path of ['/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/notthere12345.png', '/uploads/x.txt']) {
      const response = await fetch(`${testApp.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect((await response.json()).errCode).toBe(404);
    }
  });
});

describe('shell, health and docs', () => {
  it('GET /api/v1/version answers { version }, not cached', async () => {
    const client = testApp.client();
    const answer = await client.api.shell.version({ query: { _: String(Date.now()) } });
    expect(answer).toEqual({ version: expect.stringMatching(/^\S+$/) });
    const raw = await fetch(`${testApp.baseUrl}/api/v1/version?_=1`);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(await raw.json()).toEqual(answer);
  });

  it('/healthz answers ok', async () => {
    const response = await fetch(`${testApp.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('sends the security headers on answers and failures alike', async () => {
    for (const path of ['/healthz', '/main/user', '/main/nothing-here']) {
      const response = await fetch(`${testApp.baseUrl}${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
    }
  });

  it('/docs serves the UI and an OpenAPI document listing every declared endpoint', async () => {
    const page = await fetch(`${testApp.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/swagger/i);

    const response = await fetch(`${testApp.baseUrl}/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; security: unknown[] }>>;
    };
    expect(document.openapi).toMatch(/^3\.1/);
    const declared = listEndpoints();
    let operations = 0;
    for (const { group, name, endpoint } of declared) {
      const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      expect(operation?.operationId).toBe(`${group}.${name}`);
      expect(operation?.security.length).toBe(endpoint.access === 'secure' ? 1 : 0);
    }
    for (const methods of Object.values(document.paths)) operations += Object.keys(methods).length;
    expect(operations).toBe(declared.length);
  });
});
