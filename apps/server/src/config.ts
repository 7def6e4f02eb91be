import { join, resolve } from 'node:path';
import { type Asset, AssetSchema, tryParseAmount } from '@payhub/contracts';
import { z } from 'zod';

/**
 * Every setting, read from the environment once and validated here. This is the only file that
 * reads `process.env`.
 */
const TierAmount = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,6})?$/)
  .nullable();
const WithdrawTierLimits = z.record(
  z.string().regex(/^\d+$/),
  z.partialRecord(
    z.enum(['0', '1', '2']),
    z.partialRecord(AssetSchema, z.object({ perWithdrawal: TierAmount, daily: TierAmount }).strict()),
  ),
);
export type WithdrawTierLimitsConfig = z.infer<typeof WithdrawTierLimits>;
/** ROUNDS_MIN_STAKE / ROUNDS_MAX_STAKE: by asset, a positive amount in its input form (at most its decimals). */
const RoundsStakes = z.partialRecord(AssetSchema, z.string()).superRefine((limits, context) => {
  for (const [asset, amount] of Object.entries(limits) as [Asset, string][]) {
    const units = tryParseAmount(amount, asset);
    if (units === null || units <= 0n)
      context.addIssue({ code: 'custom', path: [asset], message: 'not an amount' });
  }
});

/** A setting holding JSON that `schema` reads ('{}' when unset); anything else fails with `message`. */
function jsonSetting<T>(schema: z.ZodType<T>, message: string) {
  return z
    .string()
    .default('{}')
    .transform((text, context): T => {
      try {
        return schema.parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    });
}

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
  /**
   * PostgreSQL connections of this node's pool. Enough for one per concurrent bet at the games
   * bench's 32 players (a bet holds one for one statement); keep nodes × this under max_connections.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(500).default(32),
  /**
   * Group commit of the in-house games' single-outcome bets (docs/decisions.md "Games: bets settled
   * in batches"): statements of bets in flight at once (a second starts beside a running one only for
   * 8 bets or more); bets arriving meanwhile leave together in the next, at most GAMES_BET_BATCH_MAX a
   * statement (1: every bet alone).
   */
  GAMES_BET_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(500).default(2),
  GAMES_BET_BATCH_MAX: z.coerce.number().int().min(1).max(256).default(64),
  REDIS_URL: z.string().url().optional(),
  /** Comma-separated origins allowed by CORS; the served apps are same-origin and need none. */
  CORS_ORIGINS: z.string().default(''),
  /** AES-256-GCM key (64 hex digits) sealing TOTP secrets at rest; required in production (a dev key is generated into DATA_DIR otherwise). */
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'TWO_FACTOR_KEY must be 64 hex digits')
    .optional(),
  /** Minimum age for real-money play per project, `projectId:age` pairs (e.g. `16:21`); others 18. */
  PLAYER_MIN_AGE_BY_PROJECT: z
    .string()
    .regex(/^(\d+:\d{2}(,\d+:\d{2})*)?$/, 'PLAYER_MIN_AGE_BY_PROJECT: projectId:age pairs, comma separated')
    .default(''),
  /**
   * Withdrawal limits per identity tier overriding the defaults (docs/identity.md), JSON by project
   * id: `{"12": {"1": {"IDR": {"perWithdrawal": "5000000.00", "daily": "10000000.00"}}}}`; null = no
   * tier limit. Amounts in the asset's wire form.
   */
  WITHDRAW_TIER_LIMITS: jsonSetting(
    WithdrawTierLimits,
    'WITHDRAW_TIER_LIMITS: JSON of project → tier → asset → {perWithdrawal, daily}',
  ),
  /** Outgoing mail (smtp:// or smtps:// URL, nodemailer); unset outside production: an embedded capture. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Payhub <no-reply@payhub.local>'),
  /** Secret that keys the HMAC of SMS codes; set it in production. */
  CODE_SECRET: z.string().min(16).default('payhub-development-code-secret'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PRINT_DEMO_ACCOUNTS: z.enum(['0', '1']).default('0'),
  /** Requests per minute per client address across the API (login and SMS have tighter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Public account calls (login, sign-up, codes, password reset) per minute per client address. */
  ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
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
  // --- Round games, crash and wingo (docs/games.md §5) ---
  /** Run the round clock on this node when it holds the lock (default: on, except NODE_ENV=test). */
  ROUNDS_ENABLED: z.enum(['true', 'false']).optional(),
  /** Rounds per hash chain: default 1 000 000 in production (refuses fewer), 10 000 elsewhere. */
  ROUNDS_CHAIN_LENGTH: z.coerce.number().int().min(10).max(100_000_000).optional(),
  ROUNDS_TICK_MS: z.coerce.number().int().min(20).max(5_000).default(100),
  /**
   * How often a running crash round's `tick` (the clock's sync: elapsed time, multiplier, server
   * time) is broadcast; the clock itself turns every ROUNDS_TICK_MS, and the player app draws the
   * curve from the round's start, so the tick is a correction, not the animation.
   */
  ROUNDS_TICK_BROADCAST_MS: z.coerce.number().int().min(20).max(5_000).default(500),
  /**
   * How long a node gathers a round's bet changes (placed, cashed out, settled) before it broadcasts
   * them as one `bets` event (a round's state change sends them at once): each batch is one frame to
   * every socket.
   */
  ROUNDS_BETS_FLUSH_MS: z.coerce.number().int().min(20).max(5_000).default(500),
  /**
   * At most this many bet changes in one `bets` event: the largest wins and stakes first (docs/games.md
   * §5). 10, not 30: at 5,000 sockets a frame's bytes are multiplied by the sockets, and 30 changes
   * (~2.6 KB) held cash-outs behind each fan-out (docs/decisions.md "Rounds: ten bet changes a frame").
   */
  ROUNDS_BETS_PER_FRAME: z.coerce.number().int().min(1).max(1_000).default(10),
  ROUNDS_CRASH_BETTING_MS: z.coerce.number().int().min(500).max(120_000).default(6_000),
  /** The crash curve's growth per ms: multiplier = e^(g·t); bustabit's 0.00006 in production. */
  ROUNDS_CRASH_GROWTH: z.coerce.number().positive().max(0.01).default(0.000_06),
  /** Wingo round lengths of the 30 s, 1 min and 2 min modes, ms, comma-separated. */
  ROUNDS_WINGO_DURATIONS_MS: z
    .string()
    .regex(/^\d+,\d+,\d+$/)
    .default('30000,60000,120000'),
  ROUNDS_WINGO_CLOSE_MS: z.coerce.number().int().min(200).max(60_000).default(5_000),
  /**
   * Connections of the round clock's own pool (the advisory lock's session takes one): ticks and
   * settlements never queue behind players' bets and cash-outs on the main pool.
   */
  ROUNDS_CLOCK_POOL_MAX: z.coerce.number().int().min(2).max(20).default(3),
  /**
   * Group commit of manual crash cash-outs (docs/decisions.md "Rounds: cash-outs settled in
   * batches"): batches in flight at once (a second starts beside a running one only for 8 cash-outs
   * or more); cash-outs arriving meanwhile leave together in the next, at most
   * ROUNDS_CASH_OUT_BATCH_MAX a batch (1: every cash-out alone). 32, not the bets' 64: a burst of
   * cash-outs at one multiplier is settled as two statements side by side, one per core (measured).
   */
  ROUNDS_CASH_OUT_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(500).default(2),
  ROUNDS_CASH_OUT_BATCH_MAX: z.coerce.number().int().min(1).max(256).default(32),
  /**
   * Group commit of round bets (docs/decisions.md "Rounds: bets placed in batches"): batches in
   * flight at once (a second starts beside a running one only for 8 bets or more); bets arriving
   * meanwhile leave together in the next, at most ROUNDS_BET_BATCH_MAX a batch (1: every bet alone).
   */
  ROUNDS_BET_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(500).default(2),
  ROUNDS_BET_BATCH_MAX: z.coerce.number().int().min(1).max(256).default(64),
  /**
   * The largest stake of one round bet per asset, overriding the defaults (Rp 10,000,000, MX$10,000,
   * 1,000 USDT, 100,000 YEC), JSON by asset in its amount form: `{"IDR": "5000000.00"}`.
   */
  ROUNDS_MAX_STAKE: jsonSetting(RoundsStakes, 'ROUNDS_MAX_STAKE: JSON of asset → positive amount'),
  /**
   * The smallest stake of one crash or wingo bet for a project whose console set none (default: the
   * in-house games' smallest bet, Rp 1,000, MX$1, 1 YEC, and 0.10 USDT), JSON by asset: `{"IDR": "500"}`.
   */
  ROUNDS_MIN_STAKE: jsonSetting(RoundsStakes, 'ROUNDS_MIN_STAKE: JSON of asset → positive amount'),
  // --- EVM chain (USDT deposits and withdrawals; docs/chain.md) ---
  /** JSON-RPC of an EVM chain; unset: a local dev chain is started with the app (not in production). */
  CHAIN_RPC_URL: z.string().url().optional(),
  /** The USDT ERC-20 contract on that chain; unset with the dev chain: the deployed test USDT. */
  CHAIN_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /** Blocks a deposit's block needs on top of it (itself counted) before it is credited. */
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1_000).default(3),
  /** Deposits below this many USDT are recorded as dust and not credited. */
  CHAIN_DEPOSIT_MIN: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/)
    .default('1'),
  /** How often the chain watcher (on the scheduler node) reads new blocks. */
  CHAIN_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /** Per project deposit xpubs, `projectId:xpub` comma-separated (account level, m/44'/60'/n'). */
  CHAIN_XPUBS: z.string().default(''),
  /** Development only: the mnemonic the dev chain funds and the dev xpubs and hot key derive from. */
  CHAIN_DEV_MNEMONIC: z.string().default('test test test test test test test test test test test junk'),
  /** The withdrawal signer's hot key (0x + 64 hex); unset outside production: the dev mnemonic's first key. */
  CHAIN_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  /** Default per-project withdrawal limits and fee, in USDT (a project row in chain_settings overrides). */
  CHAIN_WITHDRAW_MIN: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/)
    .default('10'),
  CHAIN_WITHDRAW_MAX: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/)
    .default('10000'),
  CHAIN_WITHDRAW_FEE: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,6})?$/)
    .default('1'),
  /** The network players are told to send on (a deposit on another network is lost). */
  CHAIN_NETWORK_NAME: z.string().min(1).max(60).default('Ethereum (ERC-20)'),
  /** Where the dev chain keeps its blocks; unset: `DATA_DIR/chain`. */
  CHAIN_DEV_DATA_DIR: z.string().optional(),
  // --- end of EVM chain ---
  // --- Game providers (seamless wallet; docs/providers.md) ---
  /** Where the demo provider (apps/demo-provider) serves its games; `off` removes the demo provider. */
  PROVIDER_DEMO_URL: z.string().default('http://127.0.0.1:8090'),
  /** The demo provider's public key (PEM); unset outside production: a key pair made in DATA_DIR/providers/demo. */
  PROVIDER_DEMO_PUBLIC_KEY: z.string().optional(),
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
  databasePoolMax: number;
  gameBetBatches: { inFlight: number; maxSize: number };
  redisUrl: string | undefined;
  corsOrigins: string[];
  codeSecret: string;
  /** Minimum age for real-money play by project id (absent: 18). */
  minimumAgeByProject: Map<number, number>;
  /** Withdrawal limits per identity tier by project id, overriding the defaults (docs/identity.md). */
  withdrawTierLimits: WithdrawTierLimitsConfig;
  /** Outgoing mail; undefined: the embedded capture (outside production) or no mail (production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The TOTP secrets' key (64 hex); undefined outside production: a dev key in DATA_DIR/keys. */
  twoFactorKey: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** `PRINT_DEMO_ACCOUNTS=1`: print the demo passwords on start (always in DATA_DIR/demo-accounts.json). */
  printDemoAccounts: boolean;
  rateLimitPerMinute: number;
  accountRateLimitPerMinute: number;
  sessionDays: number;
  csChatUrl: string;
  appVersion: string | undefined;
  /** Directory holding agent/dist and player/dist; undefined means the repository's apps/. */
  appsDir: string | undefined;
  trustProxy: boolean | string;
  custodyWebhookSecret: string;
  schedulerIntervalMs: number;
  rounds: RoundsConfig;
  /** Validate every answer against its contract (on outside production, to catch drift in tests). */
  validateResponses: boolean;
  chain: ChainConfig;
  /** The demo game provider: its URL and public key (null: no demo provider). */
  demoProvider: { url: string; publicKeyPem: string | null } | null;
}

/** The EVM chain settings (docs/chain.md); amounts in USDT minor units (6 decimals). */
export interface ChainConfig {
  rpcUrl: string | undefined;
  tokenAddress: `0x${string}` | undefined;
  confirmations: number;
  depositMin: bigint;
  pollIntervalMs: number;
  /** Account-level xpubs by project id. */
  xpubs: Map<number, string>;
  devMnemonic: string | undefined;
  signerKey: `0x${string}` | undefined;
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawFee: bigint;
  networkName: string;
  devDataDir: string;
}

/** A USDT amount of the config (`'12.5'`) in minor units: 6 decimals, no float on the way. */
function usdtUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

function parseXpubs(text: string): Map<number, string> {
  const xpubs = new Map<number, string>();
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,9}):(xpub[1-9A-HJ-NP-Za-km-z]{100,112})$/.exec(item);
    if (!match?.[1] || !match[2])
      throw new Error(`invalid configuration: CHAIN_XPUBS item ${item.slice(0, 16)}…`);
    xpubs.set(Number(match[1]), match[2]);
  }
  return xpubs;
}

function parseTrustProxy(value: string): boolean | string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  return trimmed;
}

/** Round games (docs/games.md §5): short rounds and chains in tests and dev, ≥ 10⁶ rounds a chain in production. */
export interface RoundsConfig {
  enabled: boolean;
  chainLength: number;
  tickMs: number;
  tickBroadcastMs: number;
  betsFlushMs: number;
  betsPerFrame: number;
  crashBettingMs: number;
  crashGrowthPerMs: number;
  wingoDurationsMs: { wingo30: number; wingo60: number; wingo120: number };
  wingoCloseMs: number;
  /** Outside production a new chain's salt is derived at once; in production an admin fixes it. */
  devSalt: boolean;
  /** Connections of the round clock's own pool (ROUNDS_CLOCK_POOL_MAX, the lock's session included). */
  clockPoolMax: number;
  /** Group commit of manual cash-outs (ROUNDS_CASH_OUT_BATCHES_IN_FLIGHT, ROUNDS_CASH_OUT_BATCH_MAX). */
  cashOutBatches: { inFlight: number; maxSize: number };
  /** Group commit of round bets (ROUNDS_BET_BATCHES_IN_FLIGHT, ROUNDS_BET_BATCH_MAX). */
  betBatches: { inFlight: number; maxSize: number };
  /** The smallest stake of one bet by asset where ROUNDS_MIN_STAKE sets it (amount form). */
  minStake: Partial<Record<Asset, string>>;
  /** The largest stake of one bet by asset where ROUNDS_MAX_STAKE sets it (amount form). */
  maxStake: Partial<Record<Asset, string>>;
}

function roundsConfig(value: Env, production: boolean): RoundsConfig {
  // Production: 10⁶ rounds a chain at least; development and tests: 10 000 unless set.
  const chainLength = value.ROUNDS_CHAIN_LENGTH ?? (production ? 1_000_000 : 10_000);
  if (production && chainLength < 1_000_000)
    throw new Error('invalid configuration: ROUNDS_CHAIN_LENGTH must be at least 1000000 in production');
  const [w30, w60, w120] = value.ROUNDS_WINGO_DURATIONS_MS.split(',').map(Number) as [number, number, number];
  for (const duration of [w30, w60, w120])
    if (duration <= value.ROUNDS_WINGO_CLOSE_MS + 500)
      throw new Error(
        'invalid configuration: every ROUNDS_WINGO_DURATIONS_MS must exceed ROUNDS_WINGO_CLOSE_MS by 500 ms',
      );
  return {
    enabled: value.ROUNDS_ENABLED === undefined ? value.NODE_ENV !== 'test' : value.ROUNDS_ENABLED === 'true',
    chainLength,
    tickMs: value.ROUNDS_TICK_MS,
    tickBroadcastMs: value.ROUNDS_TICK_BROADCAST_MS,
    betsFlushMs: value.ROUNDS_BETS_FLUSH_MS,
    betsPerFrame: value.ROUNDS_BETS_PER_FRAME,
    crashBettingMs: value.ROUNDS_CRASH_BETTING_MS,
    crashGrowthPerMs: value.ROUNDS_CRASH_GROWTH,
    wingoDurationsMs: { wingo30: w30, wingo60: w60, wingo120: w120 },
    wingoCloseMs: value.ROUNDS_WINGO_CLOSE_MS,
    devSalt: !production,
    clockPoolMax: value.ROUNDS_CLOCK_POOL_MAX,
    cashOutBatches: {
      inFlight: value.ROUNDS_CASH_OUT_BATCHES_IN_FLIGHT,
      maxSize: value.ROUNDS_CASH_OUT_BATCH_MAX,
    },
    betBatches: { inFlight: value.ROUNDS_BET_BATCHES_IN_FLIGHT, maxSize: value.ROUNDS_BET_BATCH_MAX },
    minStake: value.ROUNDS_MIN_STAKE,
    maxStake: value.ROUNDS_MAX_STAKE,
  };
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
    const missing: string[] = PRODUCTION_SECRETS.filter(
      (secret) => value[secret.name] === secret.developmentValue,
    ).map((secret) => secret.name);
    // Crypto is off in production unless CHAIN_RPC_URL names a node; then its token and signer are required.
    if (!value.TWO_FACTOR_KEY) missing.push('TWO_FACTOR_KEY');
    if (value.CHAIN_RPC_URL) {
      if (!value.CHAIN_TOKEN_ADDRESS) missing.push('CHAIN_TOKEN_ADDRESS');
      if (!value.CHAIN_SIGNER_KEY) missing.push('CHAIN_SIGNER_KEY');
    }
    if (missing.length > 0) {
      throw new Error(
        `invalid configuration: production (NODE_ENV unset or production) needs ${missing.join(', ')} set (secrets of at least 16 characters; CHAIN_TOKEN_ADDRESS and CHAIN_SIGNER_KEY with CHAIN_RPC_URL; see docs/deploy.md); for a local demo run NODE_ENV=development`,
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
    databasePoolMax: value.DATABASE_POOL_MAX,
    gameBetBatches: { inFlight: value.GAMES_BET_BATCHES_IN_FLIGHT, maxSize: value.GAMES_BET_BATCH_MAX },
    redisUrl: value.REDIS_URL,
    corsOrigins: value.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    codeSecret: value.CODE_SECRET,
    twoFactorKey: value.TWO_FACTOR_KEY,
    minimumAgeByProject: new Map(
      value.PLAYER_MIN_AGE_BY_PROJECT.split(',')
        .filter(Boolean)
        .map((pair) => pair.split(':').map(Number) as [number, number]),
    ),
    withdrawTierLimits: value.WITHDRAW_TIER_LIMITS,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    logLevel: value.LOG_LEVEL,
    printDemoAccounts: value.PRINT_DEMO_ACCOUNTS === '1',
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    accountRateLimitPerMinute: value.ACCOUNT_RATE_LIMIT_PER_MINUTE,
    sessionDays: value.SESSION_DAYS,
    csChatUrl: value.CS_CHAT_URL,
    appVersion: value.APP_VERSION,
    appsDir: value.APPS_DIR ? resolve(value.APPS_DIR) : undefined,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    custodyWebhookSecret: value.CUSTODY_WEBHOOK_SECRET,
    schedulerIntervalMs: value.SCHEDULER_INTERVAL_MS,
    rounds: roundsConfig(value, production),
    validateResponses: !production,
    chain: {
      rpcUrl: value.CHAIN_RPC_URL,
      tokenAddress: value.CHAIN_TOKEN_ADDRESS as `0x${string}` | undefined,
      confirmations: value.CHAIN_CONFIRMATIONS,
      depositMin: usdtUnits(value.CHAIN_DEPOSIT_MIN),
      pollIntervalMs: value.CHAIN_POLL_INTERVAL_MS,
      xpubs: parseXpubs(value.CHAIN_XPUBS),
      // The well-known dev mnemonic never signs or derives anything in production.
      devMnemonic: production ? undefined : value.CHAIN_DEV_MNEMONIC,
      signerKey: value.CHAIN_SIGNER_KEY as `0x${string}` | undefined,
      withdrawMin: usdtUnits(value.CHAIN_WITHDRAW_MIN),
      withdrawMax: usdtUnits(value.CHAIN_WITHDRAW_MAX),
      withdrawFee: usdtUnits(value.CHAIN_WITHDRAW_FEE),
      networkName: value.CHAIN_NETWORK_NAME,
      devDataDir: resolve(value.CHAIN_DEV_DATA_DIR ?? join(value.DATA_DIR, 'chain')),
    },
    demoProvider:
      value.PROVIDER_DEMO_URL === 'off' || (production && !value.PROVIDER_DEMO_PUBLIC_KEY)
        ? null
        : { url: value.PROVIDER_DEMO_URL, publicKeyPem: value.PROVIDER_DEMO_PUBLIC_KEY ?? null },
  };
}

/** The loud notice every non-production start prints (main.ts), so nobody runs it by mistake. */
export function developmentBanner(config: Pick<Config, 'mode'>): string {
  const width = 78;
  const rule = '!'.repeat(width);
  const line = (text: string) => `${`!!  ${text}`.padEnd(width - 2)}!!`;
  return [
    rule,
    line(`${config.mode.toUpperCase()} MODE (NODE_ENV=${config.mode}): not for real users or money.`),
    line('Demo accounts are seeded; dev-only endpoints (the SMS code reader)'),
    line('answer callers on this machine only.'),
    line('Production: NODE_ENV=production and the secrets in docs/deploy.md.'),
    rule,
  ].join('\n');
}
