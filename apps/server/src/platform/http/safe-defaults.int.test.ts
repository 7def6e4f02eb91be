// Proves the safe defaults: the dev SMS-code reader answers only loopback callers in an explicit, loudly announced development mode and is absent (also from /docs) in production; the server defaults to production; production refuses to start without every secret, named in one error; and a production first start seeds no demo accounts.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, runMain } from '../../../test/run-main.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, withDatabaseName } from '../db/database.ts';

const SECRETS = {
  CODE_SECRET: 'c'.repeat(32),
  CUSTODY_WEBHOOK_SECRET: 'w'.repeat(32),
  TWO_FACTOR_KEY: 'a'.repeat(64),
};
const phone = '081288000001';

let development: TestApp;
let production: TestApp;
beforeAll(async () => {
  development = await startTestApp({ env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } });
  production = await startTestApp({ env: { NODE_ENV: 'production', ...SECRETS } });
  await development.client().api.user.sendCode({ query: { phone, purpose: 'register' } });
}, 60_000);
afterAll(async () => {
  await development?.close();
  await production?.close();
});

const readerUrl = `/main/dev/sms?phone=${phone}&purpose=register`;

describe('the dev SMS-code reader', () => {
  it('answers a loopback caller in development mode', async () => {
    const response = await fetch(`${development.baseUrl}${readerUrl}`);
    expect(response.status).toBe(200);
    expect((await response.json()).code).toMatch(/^\d{6}$/);
  });

  it('is absent (404) for a caller at a non-loopback address', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1']) {
      const response = await development.app.inject({ method: 'GET', url: readerUrl, remoteAddress });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errCode: 404, errMsg: expect.any(String) });
      expect(response.body).not.toMatch(/\d{6}/);
    }
  });

  it('is absent for a request a proxy on this machine forwarded (loopback socket, forwarding header)', async () => {
    const forwardingHeaders: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
    ];
    for (const headers of forwardingHeaders) {
      const response = await fetch(`${development.baseUrl}${readerUrl}`, { headers });
      expect(response.status).toBe(404);
    }
  });

  it('does not exist in production, not even for loopback, and /docs leaves it out', async () => {
    await production.client().api.user.sendCode({ query: { phone, purpose: 'register' } });
    const response = await fetch(`${production.baseUrl}${readerUrl}`);
    expect(response.status).toBe(404);
    const settle = await fetch(`${production.baseUrl}/main/payhub/quota/dev/settle`, { method: 'POST' });
    expect(settle.status).toBe(404);
    const document = (await (await fetch(`${production.baseUrl}/docs/json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(Object.keys(document.paths)).not.toContain('/main/dev/sms');
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    expect(operations.some((operation) => operation.description?.includes('Development only'))).toBe(false);
    expect(Object.keys(document.paths)).toContain('/main/user/password');
    const developmentDocument = (await (await fetch(`${development.baseUrl}/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(developmentDocument.paths)).toContain('/main/dev/sms');
  });
});

describe('configuration', () => {
  it('defaults to production: development must be asked for', () => {
    expect(() => loadConfig({})).toThrow(/CODE_SECRET/);
    const config = loadConfig({ ...SECRETS });
    expect(config.production).toBe(true);
    expect(config.devEndpoints).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devEndpoints).toBe(true);
  });

  it('names every missing secret in one error', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /CODE_SECRET, CUSTODY_WEBHOOK_SECRET, TWO_FACTOR_KEY/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', CODE_SECRET: SECRETS.CODE_SECRET })).toThrow(
      /needs CUSTODY_WEBHOOK_SECRET, TWO_FACTOR_KEY set/,
    );
  });
});

describe('starting main.ts', () => {
  it('refuses production without its secrets, naming all of them in one line', async () => {
    const run = runMain({ DATA_DIR: mkdtempSync(join(tmpdir(), 'payhub-secrets-')) });
    const result = await run.settled;
    expect(result.ready).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(run.output()).toMatch(/CODE_SECRET, CUSTODY_WEBHOOK_SECRET, TWO_FACTOR_KEY/);
    expect(run.output()).not.toMatch(/\n\s+at /); // no stack trace
  }, 60_000);

  it.skipIf(process.getuid?.() !== 0)(
    'a development start says so loudly; as root with a DATA_DIR postgres cannot enter it names the fix',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'payhub-dev-')); // 0700, like `mktemp -d`
      try {
        const run = runMain({ NODE_ENV: 'development', DATA_DIR: dataDir });
        const result = await run.settled;
        expect(result.exitCode).toBe(1);
        expect(run.output()).toContain('DEVELOPMENT MODE (NODE_ENV=development)');
        expect(run.output()).toContain(`[payhub] cannot start: `);
        expect(run.output()).toContain(`chmod o+x ${dataDir}`);
        expect(run.output()).not.toMatch(/\n\s+at /);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('a development first start writes the demo passwords to the file and does not print them', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `payhub_dev_${randomBytes(5).toString('hex')}`;
    const admin = openDatabase(adminUrl, 1);
    await admin.pool.query(`CREATE DATABASE ${name}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'payhub-devstart-'));
    const run = runMain({
      NODE_ENV: 'development',
      DATABASE_URL: withDatabaseName(adminUrl, name),
      DATA_DIR: dataDir,
      APPS_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    });
    try {
      const result = await run.settled;
      expect(result.ready, run.output()).toBe(true);
      const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as Array<{
        password: string;
      }>;
      expect(accounts.length).toBeGreaterThan(0);
      // Issue 11: passwords stay in the file unless PRINT_DEMO_ACCOUNTS=1 asks for them.
      for (const account of accounts) expect(run.output()).not.toContain(account.password);
      expect(run.output()).toContain('demo-accounts.json (PRINT_DEMO_ACCOUNTS=1 prints them)');
      expect(run.output()).not.toContain('FSTDEP');
    } finally {
      await run.stop();
      await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('a production first start seeds the projects and no demo account', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `payhub_prod_${randomBytes(5).toString('hex')}`;
    const admin = openDatabase(adminUrl, 1);
    await admin.pool.query(`CREATE DATABASE ${name}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'payhub-prod-'));
    const run = runMain({
      NODE_ENV: 'production',
      ...SECRETS,
      DATABASE_URL: withDatabaseName(adminUrl, name),
      DATA_DIR: dataDir,
      APPS_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    });
    const database = openDatabase(withDatabaseName(adminUrl, name), 1);
    try {
      const result = await run.settled;
      expect(result.ready, run.output()).toBe(true);
      const projects = await database.pool.query('SELECT count(*)::int AS n FROM projects');
      expect(projects.rows[0].n).toBe(3);
      const users = await database.pool.query('SELECT count(*)::int AS n FROM users');
      expect(users.rows[0].n).toBe(0);
      expect(existsSync(join(dataDir, 'demo-accounts.json'))).toBe(false);
      expect(run.output()).not.toMatch(/DEVELOPMENT MODE|Demo accounts/);
      expect(run.output()).toContain('production mode');
    } finally {
      await run.stop();
      await database.close();
      await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
