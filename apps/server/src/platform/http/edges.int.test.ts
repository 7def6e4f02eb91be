// Proves the edges hold: requests over the header/URL limit and other refusals answer the {errCode, errMsg} envelope without naming framework codes, a deposit voucher must be the caller's own upload, the player's orderNo filter works, and a root start with a DATA_DIR the postgres user cannot enter says exactly what to change.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, uploadVoucher } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

/** A raw HTTP exchange (fetch would refuse some of these requests itself). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(testApp.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    if (options.body !== undefined) outgoing.write(options.body);
    outgoing.end();
  });
}

function envelope(body: string): { errCode: number; errMsg: string } {
  const parsed = JSON.parse(body) as { errCode: number; errMsg: string };
  expect(Object.keys(parsed).sort()).toEqual(['errCode', 'errMsg']);
  return parsed;
}

describe('refusals before any handler', () => {
  it('headers over the limit answer 431 in the envelope (code 3), not a bare framework body', async () => {
    const answer = await raw('/main/user', { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(answer.status).toBe(431);
    const body = envelope(answer.body);
    expect(body.errCode).toBe(3);
    expect(body.errMsg).toMatch(/too long/);
  });

  it('a URL over the limit answers 431 in the envelope too', async () => {
    const answer = await raw(`/main/user/phone?phone=${'1'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(envelope(answer.body).errCode).toBe(3);
  });

  it('never names a framework code in errMsg', async () => {
    const cases: Array<{ path: string; method?: string; headers?: Record<string, string>; body?: string }> = [
      {
        path: '/main/user/phone/login',
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: '<a/>',
      },
      {
        path: '/main/user/phone/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '',
      },
      {
        path: '/main/user/phone/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"a":',
      },
      {
        path: '/main/user/phone/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: 'x'.repeat(300 * 1024) }),
      },
      {
        path: '/main/user/phone/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"a":1}}',
      },
      { path: '/main/%zz' },
      { path: `/main/${'a'.repeat(120)}/${'b'.repeat(200)}` },
      {
        path: '/main/site/upload',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    ];
    for (const testCase of cases) {
      const answer = await raw(testCase.path, testCase);
      expect(answer.status, testCase.path).toBeLessThan(500);
      const body = envelope(answer.body);
      expect(body.errMsg, `${testCase.path}: ${body.errMsg}`).not.toMatch(/FST_|ERR_|HPE_/);
    }
  });
});

describe('deposit vouchers', () => {
  it('must name an upload the caller made: a made-up name and another user’s upload are refused (3)', async () => {
    const player = await testApp.signIn('player');
    const other = await testApp.signIn('player-2');
    const order = await player.api.payhub.createOrder({ body: { amount: '100000.00', bankCode: 'BCA' } });
    const madeUp = await failure(
      player.api.payhub.voucher({
        body: { id: order.id, voucherUrl: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png' },
      }),
    );
    expect(madeUp.errCode).toBe(3);
    const othersUpload = await uploadVoucher(other);
    expect(
      (await failure(player.api.payhub.voucher({ body: { id: order.id, voucherUrl: othersUpload } })))
        .errCode,
    ).toBe(3);
    expect((await player.api.payhub.orderState({ params: { id: order.id } })).voucherUrl).toBeNull();
    const own = await uploadVoucher(player);
    const withVoucher = await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: own } });
    expect(withVoucher.voucherUrl).toBe(own);
  });
});

describe('GET /main/heracles/pay/orders', () => {
  it('filters by orderNo', async () => {
    const player = await testApp.signIn('player', 16);
    const first = await player.api.payhub.createOrder({ body: { amount: '750.00', bankCode: 'BBVA' } });
    const all = await player.api.payhub.playerOrders({ query: { page: 1, count: 50 } });
    expect(all.items.length).toBeGreaterThan(0);
    const filtered = await player.api.payhub.playerOrders({
      query: { page: 1, count: 50, orderNo: first.orderNo },
    });
    expect(filtered.items.map((item) => item.orderNo)).toEqual([first.orderNo]);
    const none = await player.api.payhub.playerOrders({
      query: { page: 1, count: 50, orderNo: 'P-NO-SUCH' },
    });
    expect(none.items).toEqual([]);
  });
});

describe('embedded PostgreSQL started as root', () => {
  it.skipIf(process.getuid?.() !== 0)(
    'a DATA_DIR the postgres user cannot enter is named with the command that fixes it',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'payhub-unreachable-')); // 0700, as `mktemp -d` makes it
      try {
        await expect(
          startEmbeddedPostgres({ directory: join(dataDir, 'pg'), persistent: false }),
        ).rejects.toThrow(`chmod o+x ${dataDir}`);
        // Doing what it says is enough.
        chmodSync(dataDir, 0o701);
        const started = await startEmbeddedPostgres({ directory: join(dataDir, 'pg'), persistent: false });
        await started.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
