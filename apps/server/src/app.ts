import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contracts, ErrorCode, noticeAudienceTypes } from '@payhub/contracts';
import { newDeviceMail } from '@payhub/i18n';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { createLedger } from './ledger/ledger.ts';
import { type ChainRuntime, registerChain } from './modules/chain/chain.plugin.ts';
import { createConsoleRepo } from './modules/console/console.repo.ts';
import { registerConsoleRoutes } from './modules/console/console.routes.ts';
import { createConsoleService } from './modules/console/console.service.ts';
import { createDatacenterRepo } from './modules/datacenter/datacenter.repo.ts';
import { registerDatacenterRoutes } from './modules/datacenter/datacenter.routes.ts';
import { createDatacenterService } from './modules/datacenter/datacenter.service.ts';
import { registerExchange } from './modules/exchange/exchange.plugin.ts';
import { createExchangeRepo } from './modules/exchange/exchange.repo.ts';
import { payableAtRate, tableRateSource } from './modules/exchange/exchange.service.ts';
import { registerGames } from './modules/games/games.plugin.ts';
import { createInboxRepo } from './modules/inbox/inbox.repo.ts';
import { registerInboxRoutes } from './modules/inbox/inbox.routes.ts';
import { createInboxService, type UserPush } from './modules/inbox/inbox.service.ts';
import { createNoticesRepo } from './modules/notices/notices.repo.ts';
import { registerNoticesRoutes } from './modules/notices/notices.routes.ts';
import { createNoticesService } from './modules/notices/notices.service.ts';
import { createPayhubRepo } from './modules/payhub/payhub.repo.ts';
import { createPromoRepo } from './modules/promo/promo.repo.ts';
import { registerPromoRoutes } from './modules/promo/promo.routes.ts';
import { createPromoService } from './modules/promo/promo.service.ts';
import { demoProviderAdapter, type ProviderAdapter } from './modules/providers/providers.adapter.ts';
import { devKeyPair, publicKeyOf } from './modules/providers/providers.keys.ts';
import { registerProviders } from './modules/providers/providers.plugin.ts';
import { createResponsibleRepo } from './modules/responsible/responsible.repo.ts';
import { registerResponsibleRoutes } from './modules/responsible/responsible.routes.ts';
import {
  createResponsibleService,
  type ResponsibleService,
} from './modules/responsible/responsible.service.ts';
import { registerRewards } from './modules/rewards/rewards.plugin.ts';
import type { RewardsService } from './modules/rewards/rewards.service.ts';
import { registerRounds } from './modules/rounds/rounds.plugin.ts';
import { readAppVersion } from './modules/shell/app-version.ts';
import { registerShellRoutes } from './modules/shell/shell.routes.ts';
import { createMaintenanceGate, installMaintenanceGate } from './modules/site/maintenance.ts';
import { createSiteRepo } from './modules/site/site.repo.ts';
import { registerSiteRoutes } from './modules/site/site.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { registerEmailRoutes } from './modules/user/email.routes.ts';
import { createEmailService } from './modules/user/email.service.ts';
import { createIdentityRepo } from './modules/user/identity.repo.ts';
import { registerIdentityRoutes } from './modules/user/identity.routes.ts';
import { createIdentityService, DEFAULT_MINIMUM_AGE } from './modules/user/identity.service.ts';
import { registerSessionRoutes } from './modules/user/sessions.routes.ts';
import { createTwoFactorRepo } from './modules/user/two-factor.repo.ts';
import { registerTwoFactorRoutes } from './modules/user/two-factor.routes.ts';
import { createTwoFactorService } from './modules/user/two-factor.service.ts';
import { createUserRepo } from './modules/user/user.repo.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { createUserProfiles } from './modules/user/user-profiles.service.ts';
import { createVerificationCodeService } from './modules/user/verification-code.service.ts';
import { registerWallet } from './modules/wallet/wallet.plugin.ts';
import { walletAssets } from './modules/wallet/wallet.service.ts';
import type { PlayGate } from './money/play-gate.ts';
import { registerPaymentHub } from './payment-hub.plugin.ts';
import { createSessionRepo } from './platform/auth/session.repo.ts';
import { createSessionService } from './platform/auth/session.service.ts';
import type { Bus } from './platform/bus/bus.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { Database } from './platform/db/database.ts';
import { AppError } from './platform/errors.ts';
import type { BindDeps } from './platform/http/bind-endpoint.ts';
import {
  clientErrorEnvelope,
  frameworkErrorEnvelope,
  installErrorEnvelope,
} from './platform/http/error-envelope.ts';
import { buildOpenApiDocument } from './platform/http/openapi.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { serveApps } from './platform/http/static-apps.ts';
import { createSmtpMailer, type Mailer, startMailCapture } from './platform/mail/mailer.ts';
import { createSecretBox, devKey, keyFromHex } from './platform/secret-box.ts';
import { createDevSmsSender, type SmsSender } from './platform/sms/sms-sender.ts';
import { createDiskStorage } from './platform/storage/file-storage.ts';
import type { Throttle } from './platform/throttle.ts';
import { createRealtimeGateway } from './realtime/realtime.gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Responsible play (issue 14): its `gate` is the PlayGate every stake and deposit calls. */
    responsiblePlay: ResponsibleService;
  }
}

export const APPS_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  throttle: Throttle;
  /** Shared rate-limit store across nodes; in-process when absent. */
  redis?: Redis;
  rateLimitNamespace?: string;
  clock?: Clock;
  sms?: SmsSender;
  /** Where the built agent and player apps are; `null` serves none (API-only tests). */
  appsRoot?: string | null;
  /** Overrides the responsible-play gate for everything that takes a stake (absent: the responsible module's). */
  playGate?: PlayGate;
  /** The EVM chain (an external node or the embedded dev chain); absent: no chain endpoints. */
  chain?: ChainRuntime;
}

/**
 * Every HTTP exchange is bounded, so slow or stalled clients cannot hold sockets and memory: a whole
 * request (headers and body) within 30 s (the apps give up after 10 s), a silent socket closed after
 * 60 s (WebSocket sockets are exempt: ws clears the timeout on upgrade, and RSocket's keep-alive
 * watches them), and idle keep-alive connections kept 65 s, longer than the 60 s idle timeout of
 * common load balancers so the balancer, not us, closes first.
 */
const HTTP_TIMEOUTS = {
  requestTimeout: 30_000,
  connectionTimeout: 60_000,
  keepAliveTimeout: 65_000,
} as const;

/**
 * Builds the whole server as a tree of plugins: infrastructure first (security headers, CORS,
 * cookies, rate limits, uploads, errors), then one plugin per capability, then the apps.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, bus, throttle } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors: frameworkErrorEnvelope,
    clientErrorHandler: clientErrorEnvelope,
    ...HTTP_TIMEOUTS,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  // A callback hook, not an async one: it runs on every answer and a promise per request adds up.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 400)
      request.log.info({ url: request.url, status: reply.statusCode, ms: reply.elapsedTime }, 'request');
    done();
  });

  installErrorEnvelope(app);
  // Provider games are framed and their thumbnails shown from the providers' own origins.
  const providerOrigins = config.demoProvider ? [new URL(config.demoProvider.url).origin] : [];
  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...providerOrigins],
        frameSrc: ["'self'", ...providerOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCors, { origin: config.corsOrigins.length > 0 ? config.corsOrigins : false });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: deps.rateLimitNamespace ?? 'payhub:ratelimit:' } : {}),
    errorResponseBuilder: () => new AppError(ErrorCode.TooFrequent),
  });

  // Capabilities.
  const devOutbox = config.devEndpoints ? new Map<string, { code: string; expiresAt: Date }>() : undefined;
  const sms = deps.sms ?? createDevSmsSender((line) => app.log.info(line));
  const siteRepo = createSiteRepo(database.db);
  const site = await createSiteService(siteRepo, createDiskStorage(join(config.dataDir, 'uploads')), {
    csChatUrl: config.csChatUrl,
  });
  const sessions = await createSessionService({
    repo: createSessionRepo(database.db),
    clock,
    bus,
    sessionDays: config.sessionDays,
  });
  app.addHook('onClose', async () => sessions.close());
  const bindDeps: BindDeps = {
    authenticator: sessions.authenticator,
    projects: site.resolver,
    validateResponses: config.validateResponses,
  };
  const userRepo = createUserRepo(database.db);
  const userProfiles = createUserProfiles(database.db);
  const codes = createVerificationCodeService({
    repo: userRepo,
    clock,
    sms,
    secret: config.codeSecret,
    devOutbox,
  });
  let rewards: RewardsService | null = null;
  const users = createUserService({
    repo: userRepo,
    sessions,
    codes,
    throttle,
    clock,
    projectById: site.projectById,
    shareCodes: {
      resolve: (projectId, code) => datacenter.checkShareCode(projectId, code),
      registered: (registration) => datacenter.recordRegistration(registration),
    },
    secondFactor: { require: (userId, code) => twoFactor.require(userId, code) },
    // A sign-in from a new device: an inbox mail, and an email when one is bound (issue 14).
    onNewDevice: async (signIn) => {
      const project = site.projectById(signIn.projectId);
      const at = signIn.at.toLocaleString(signIn.language, { timeZone: project?.timeZone ?? 'UTC' });
      const notice = newDeviceMail(signIn.language, signIn.device, signIn.ip, at);
      await inbox.deliver({
        projectId: signIn.projectId,
        userId: signIn.userId,
        senderId: null,
        title: notice.title,
        content: notice.text,
      });
      if (signIn.email && mailer)
        await mailer
          .send({ to: signIn.email, subject: notice.title, text: notice.text, language: notice.language })
          .catch((error: unknown) => app.log.error({ err: error }, 'new-device mail not sent'));
    },
    // Rewards is composed later (it reads the games' wager); requests arrive once it is.
    invites: {
      exists: async (projectId, code) => (await rewards?.ownerOf(projectId, code)) != null,
      bind: async (playerId, projectId, code) => rewards?.bindReferrer(playerId, projectId, code),
    },
  });
  // TOTP two-factor (issue 14): secrets sealed with TWO_FACTOR_KEY (production) or a dev key in DATA_DIR.
  const twoFactor = createTwoFactorService({
    repo: createTwoFactorRepo(database.db),
    clock,
    box: createSecretBox(
      config.twoFactorKey ? keyFromHex(config.twoFactorKey) : devKey(config.dataDir, 'two-factor'),
    ),
    checkPassword: (userId, password) => users.passwordMatches(userId, password),
    labelOf: async (userId) => {
      const user = await userRepo.byId(userId);
      const project = user ? site.projectById(user.projectId) : undefined;
      return { issuer: project?.name ?? 'Payhub', label: `•••${user?.phone.slice(-4) ?? ''}` };
    },
  });
  // Email by real SMTP (issue 14): SMTP_URL, or outside production an embedded capture on loopback.
  let mailer: Mailer | null = null;
  const mailCapture = !config.smtpUrl && !config.production ? await startMailCapture() : undefined;
  if (mailCapture) app.addHook('onClose', async () => mailCapture.close());
  const smtpUrl = config.smtpUrl ?? mailCapture?.url;
  if (smtpUrl) {
    const smtp = createSmtpMailer(smtpUrl, config.mailFrom);
    app.addHook('onClose', async () => smtp.close());
    mailer = smtp;
  }
  const emails = createEmailService({
    repo: userRepo,
    clock,
    secret: config.codeSecret,
    mailer,
    secondFactor: (userId, code) => twoFactor.require(userId, code),
    toUser: (row) => users.toUser(row),
  });
  // Realtime gateway on this server's own port; its sockets close before the HTTP server does.
  const realtime = createRealtimeGateway({
    server: app.server,
    authenticator: sessions.authenticator,
    bus,
    log: app.log,
  });
  await realtime.start();
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => realtime.close());
  const notices = createNoticesService({
    repo: createNoticesRepo(database.db),
    clock,
    realtime,
    audienceTypesOf: async (userId) => noticeAudienceTypes(await userProfiles.card(userId)),
  });
  notices.attach();
  const inbox = createInboxService({
    repo: createInboxRepo(database.db),
    clock,
    mayMail: (session, userId) => promo.mayMail(session, userId),
    // The realtime gateway's notifyUser when it is registered (Notify route /heracles/inbox/new).
    push: () => (app as unknown as { realtime?: { notifyUser: UserPush } }).realtime?.notifyUser,
  });
  const promo = createPromoService({
    repo: createPromoRepo(database.db, userProfiles),
    clock,
    projectById: site.projectById,
    mail: async (mail) => {
      await inbox.deliver(mail);
    },
  });
  const datacenter = createDatacenterService({ repo: createDatacenterRepo(database.db), promo, clock });
  // Responsible play (issue 14): the PlayGate handed to every module that takes deposits or stakes.
  const identity = createIdentityService({
    repo: createIdentityRepo(database.db),
    clock,
    projectById: site.projectById,
    minimumAge: (projectId) => config.minimumAgeByProject.get(projectId) ?? DEFAULT_MINIMUM_AGE,
  });
  const responsible = createResponsibleService({
    repo: createResponsibleRepo(database.db),
    clock,
    projectById: site.projectById,
    // Under the minimum age: no real-money play or deposit (10001).
    mayPlay: async (tx, userId, projectId) => !(await identity.underAge(userId, projectId, tx)),
  });
  app.decorate('responsiblePlay', responsible);
  const version = readAppVersion(config.appVersion, deps.appsRoot === undefined ? APPS_ROOT : deps.appsRoot);

  // Money calls answer 762 while the project is in maintenance (issue 13; docs/payments.md).
  const maintenance = await createMaintenanceGate(siteRepo, { bus });
  app.addHook('onClose', async () => maintenance.close());
  installMaintenanceGate(app, maintenance, site.resolver, [
    contracts.payhub.createOrder,
    contracts.withdraw.create,
    contracts.exchange.quote,
    contracts.exchange.accept,
    contracts.games.bet,
  ]);
  await app.register(async (scope) => registerSiteRoutes(scope, bindDeps, site, maintenance));
  await app.register(async (scope) =>
    registerUserRoutes(scope, { ...bindDeps, production: !config.devEndpoints }, users, codes),
  );
  await app.register(async (scope) => registerPromoRoutes(scope, bindDeps, promo, datacenter.groupToday));
  await app.register(async (scope) => registerDatacenterRoutes(scope, bindDeps, datacenter));
  await app.register(async (scope) => registerInboxRoutes(scope, bindDeps, inbox));
  await app.register(async (scope) => registerResponsibleRoutes(scope, bindDeps, responsible));
  await app.register(async (scope) => registerTwoFactorRoutes(scope, bindDeps, twoFactor));
  await app.register(async (scope) => registerSessionRoutes(scope, bindDeps, sessions));
  await app.register(async (scope) => registerIdentityRoutes(scope, bindDeps, identity));
  await app.register(async (scope) =>
    registerEmailRoutes(scope, { ...bindDeps, capture: mailCapture }, emails),
  );
  const exchangeRates = tableRateSource(createExchangeRepo(database.db));
  const { payhub, withdraw } = await registerPaymentHub(app, {
    bindDeps,
    config,
    database,
    clock,
    promo,
    users: userProfiles,
    notifier: { notify: (userId, route, content) => realtime.notifyUser(userId, route, content) },
    projectById: site.projectById,
    projects: site.allProjects,
    isOwnUpload: site.isOwnUpload,
    onDepositCredited: (deposit) => datacenter.recordDeposit(deposit),
    // USDT quota top-ups through the chain watcher, once the chain capability is registered below.
    usdtChain: () => {
      const chain = app.chain;
      if (!chain) return undefined;
      return {
        address: (projectId, operatorId, topupId) => chain.topupAddress(projectId, operatorId, topupId),
        usdtFor: (projectId, currency, amount) =>
          payableAtRate(exchangeRates, database.db, projectId, currency, 'USDT', amount),
      };
    },
    playGate: responsible.gate,
    mayWithdraw: (userId, projectId) => identity.requireOfAge(userId, projectId),
  });
  if (deps.chain) {
    const payhubRepo = createPayhubRepo(database.db);
    await registerChain(app, {
      bindDeps,
      production: config.production,
      chain: config.chain,
      runtime: deps.chain,
      database,
      clock,
      notifier: { notify: (userId, route, content) => realtime.notifyUser(userId, route, content) },
      codes,
      secondFactor: (userId, code) => twoFactor.require(userId, code),
      mayWithdraw: (userId, projectId) => identity.requireOfAge(userId, projectId),
      phoneOf: async (userId) => {
        const user = await userRepo.byId(userId);
        const project = user ? site.projectById(user.projectId) : undefined;
        return user && project
          ? { phone: user.phone, countryCode: project.countryCode, locale: project.locale }
          : null;
      },
      openCase: (executor, row) => payhubRepo.openCase(executor, row),
      isPaymentOperator: async (userId) => (await payhubRepo.operator(database.db, userId))?.spaPay === true,
      onTopupDeposit: (tx, deposit) => app.paymentHub!.quotaChainReceived(tx, deposit),
    });
  }
  const { wallet } = await registerWallet(app, { bindDeps, database, clock, projectById: site.projectById });
  await registerExchange(app, {
    bindDeps,
    database,
    clock,
    projects: site.allProjects,
    projectById: site.projectById,
  });
  // In-house games (issue 15), behind the responsible-play gate.
  const games = await registerGames(app, {
    bindDeps,
    database,
    clock,
    gate: deps.playGate ?? responsible.gate,
    realtime,
    projects: site.allProjects,
    projectById: site.projectById,
    gameAsset: async (session) => (await wallet.settings(session)).gameAsset,
  });
  // Crash and wingo (issue 16): routes on every node, the round clock on the lock holder.
  const rounds = await registerRounds(app, {
    bindDeps,
    config: config.rounds,
    database,
    clock,
    realtime,
    playGate: deps.playGate ?? responsible.gate,
    projects: site.allProjects,
    projectById: site.projectById,
  });
  // Third-party games (issue 18): the demo provider of apps/demo-provider unless switched off.
  const providerAdapters: ProviderAdapter[] = [];
  if (config.demoProvider) {
    const pem = config.demoProvider.publicKeyPem ?? devKeyPair(config.dataDir, 'demo').publicPem;
    providerAdapters.push(demoProviderAdapter(config.demoProvider.url, publicKeyOf(pem)));
  }
  await registerProviders(app, {
    bindDeps,
    database,
    clock,
    playGate: deps.playGate ?? responsible.gate,
    adapters: providerAdapters,
    assetsOf: (projectId) => {
      const project = site.projectById(projectId);
      return project ? walletAssets(project) : [];
    },
  });
  // Player rewards (issue 17): rebates read the day's settled wager through the games' and rounds' services.
  rewards = await registerRewards(app, {
    bindDeps,
    database,
    clock,
    projects: site.allProjects,
    projectById: site.projectById,
    wagers: [games.wagerTotals, rounds.service.wagerTotals],
    deposits: (projectId, playerId, asset, from, to) =>
      wallet.depositedBetween(projectId, playerId, asset, from, to),
    registeredAt: async (playerId) => (await userRepo.byId(playerId))?.createdAt ?? null,
    schedulerIntervalMs: config.schedulerIntervalMs,
  });
  await app.register(async (scope) => registerShellRoutes(scope, bindDeps, version));
  await app.register(async (scope) => registerNoticesRoutes(scope, bindDeps, notices));
  // The operator console (issue 19, docs/console.md): staff grants and roles checked on every call;
  // it acts through the other modules' services.
  const consoleService = createConsoleService({
    repo: createConsoleRepo(database.db),
    clock,
    ledger: createLedger(clock),
    projectById: site.projectById,
    users: {
      findForStaff: (query) => users.findForStaff(query),
      profileForStaff: (projectId, userId) => users.profileForStaff(projectId, userId),
      nickname: async (userId) => (await userRepo.byId(userId))?.nickname ?? null,
    },
    wallet,
    payhub,
    withdraw,
    notices,
    maintenance,
    games,
    rounds: rounds.service,
  });
  await app.register(async (scope) => registerConsoleRoutes(scope, bindDeps, consoleService));

  app.get('/healthz', { config: { rateLimit: false } }, async () => {
    await database.pool.query('SELECT 1');
    return { status: 'ok' };
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: {
      document: buildOpenApiDocument(version(), { devEndpoints: config.devEndpoints }) as never,
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  const appsRoot = deps.appsRoot === undefined ? APPS_ROOT : deps.appsRoot;
  if (appsRoot) await serveApps(app, appsRoot);
  return app;
}
