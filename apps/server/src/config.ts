import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every setting, read from the environment once and validated here. This is the only file that
 * reads `process.env`.
 */
const EnvSchema = z.object({
  /**
   * `production` unless set: development (demo data, the dev-only endpoints on loopback) must be
   * asked for. `npm start` asks for it by default and says so loudly (scripts/start.mjs).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Comma-separated origins allowed by CORS; the served apps are same-origin and need none. */
  CORS_ORIGINS: z.string().default(''),
  /** Secret that keys the HMAC of SMS codes; set it in production. */
  CODE_SECRET: z.string().min(16).default('payhub-development-code-secret'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Requests per minute per client address across the API (login and SMS have tighter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Sessions last this many days. */
  SESSION_DAYS: z.coerce.number().int().positive().default(30),
  /** Customer-service chat link shown on the crash screen. */
  CS_CHAT_URL: z.string().url().default('https://wa.me/6281100000000'),
  /** Version of the served apps; defaults to the build's stamp. */
  APP_VERSION: z.string().optional(),
  /** Where the built apps are (agent/dist, player/dist); defaults to the repository's apps/. */
  APPS_DIR: z.string().optional(),
  /**
   * Which proxies may set X-Forwarded-For (the client address used by rate limits and audit lines):
   * `false` (none: the socket address counts), `true` (any; only behind a proxy that overwrites the
   * header), or comma-separated proxy addresses/CIDRs.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Secret of the custody/exchange webhooks' HMAC-SHA256 signatures; set it in production. */
  CUSTODY_WEBHOOK_SECRET: z.string().min(16).default('payhub-development-webhook-secret'),
  /** How often the scheduler node runs timeouts and settlements. */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * The secrets production refuses to start without (their development defaults are public). Listed
 * in README.md and docs/deploy.md; production start names every missing one in one error.
 */
export const PRODUCTION_SECRETS = [
  { name: 'CODE_SECRET', developmentValue: 'payhub-development-code-secret' },
  { name: 'CUSTODY_WEBHOOK_SECRET', developmentValue: 'payhub-development-webhook-secret' },
] as const;

export interface Config {
  /** `NODE_ENV`: production, or an explicitly requested development/test mode. */
  mode: Env['NODE_ENV'];
  production: boolean;
  /** Dev-only endpoints exist (development and test only) and answer loopback callers only. */
  devEndpoints: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  corsOrigins: string[];
  codeSecret: string;
  logLevel: Env['LOG_LEVEL'];
  rateLimitPerMinute: number;
  sessionDays: number;
  csChatUrl: string;
  appVersion: string | undefined;
  /** Directory holding agent/dist and player/dist; undefined means the repository's apps/. */
  appsDir: string | undefined;
  trustProxy: boolean | string;
  custodyWebhookSecret: string;
  schedulerIntervalMs: number;
  /** Validate every answer against its contract (on outside production, to catch drift in tests). */
  validateResponses: boolean;
}

function parseTrustProxy(value: string): boolean | string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  return trimmed;
}

export interface LoadConfigOptions {
  /**
   * Refuse production without its secrets (the server). Tools that use none of them (`npm run
   * seed`, `npm run ledger:check`) pass false.
   */
  requireSecrets?: boolean;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const value = parsed.data;
  const production = value.NODE_ENV === 'production';
  if (production && options.requireSecrets !== false) {
    const missing = PRODUCTION_SECRETS.filter((secret) => value[secret.name] === secret.developmentValue).map(
      (secret) => secret.name,
    );
    if (missing.length > 0) {
      throw new Error(
        `invalid configuration: production (NODE_ENV unset or production) needs ${missing.join(', ')} set to a secret of at least 16 characters (see docs/deploy.md); for a local demo run NODE_ENV=development`,
      );
    }
  }
  return {
    mode: value.NODE_ENV,
    production,
    devEndpoints: !production,
    port: value.PORT,
    host: value.HOST,
    dataDir: resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    redisUrl: value.REDIS_URL,
    corsOrigins: value.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    codeSecret: value.CODE_SECRET,
    logLevel: value.LOG_LEVEL,
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    sessionDays: value.SESSION_DAYS,
    csChatUrl: value.CS_CHAT_URL,
    appVersion: value.APP_VERSION,
    appsDir: value.APPS_DIR ? resolve(value.APPS_DIR) : undefined,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    custodyWebhookSecret: value.CUSTODY_WEBHOOK_SECRET,
    schedulerIntervalMs: value.SCHEDULER_INTERVAL_MS,
    validateResponses: !production,
  };
}

/** The loud notice every non-production start prints (main.ts), so nobody runs it by mistake. */
export function developmentBanner(config: Pick<Config, 'mode'>): string {
  const width = 78;
  const rule = '!'.repeat(width);
  const line = (text: string) => `!!  ${text}`.padEnd(width - 2) + '!!';
  return [
    rule,
    line(`${config.mode.toUpperCase()} MODE (NODE_ENV=${config.mode}): not for real users or money.`),
    line('Demo accounts are seeded; dev-only endpoints (the SMS code reader)'),
    line('answer callers on this machine only.'),
    line('Production: NODE_ENV=production and the secrets in docs/deploy.md.'),
    rule,
  ].join('\n');
}
