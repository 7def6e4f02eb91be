import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every setting, read from the environment once and validated here. This is the only file that
 * reads `process.env`.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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

export interface Config {
  production: boolean;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  const value = parsed.data;
  const production = value.NODE_ENV === 'production';
  if (production && value.CODE_SECRET === 'payhub-development-code-secret') {
    throw new Error('invalid configuration: CODE_SECRET must be set in production');
  }
  if (production && value.CUSTODY_WEBHOOK_SECRET === 'payhub-development-webhook-secret') {
    throw new Error('invalid configuration: CUSTODY_WEBHOOK_SECRET must be set in production');
  }
  return {
    production,
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
