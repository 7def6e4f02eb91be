import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contracts, ErrorCode, noticeAudienceTypes } from '@payhub/contracts';
import { bonusMail, depositReversedMail, identityReviewMail, newDeviceMail } from '@payhub/i18n';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { MODULE_INVARIANTS } from './invariants.ts';
import { createLedger } from './ledger/ledger.ts';
import { checkLedger } from './ledger/ledger-check.ts';
import { type ChainRuntime, registerChain } from './modules/chain/chain.plugin.ts';
import { createConsoleRepo } from './modules/console/console.repo.ts';
import { registerConsoleRoutes } from './modules/console/console.routes.ts';
import { createConsoleService } from './modules/console/console.service.ts';
import { registerConsoleBonusCampaignsRoutes } from './modules/console/console-bonus-campaigns.routes.ts';
import { createConsoleFinanceRepo } from './modules/console/console-finance.repo.ts';
import { registerConsoleFinanceRoutes } from './modules/console/console-finance.routes.ts';
import { createConsoleFinanceService } from './modules/console/console-finance.service.ts';
import { registerConsoleKycRoutes } from './modules/console/console-kyc.routes.ts';
import { registerConsoleOpsRoutes } from './modules/console/console-ops.routes.ts';
import { createConsoleOpsService } from './modules/console/console-ops.service.ts';
import { registerConsolePeopleRoutes } from './modules/console/console-people.routes.ts';
import { createConsolePeopleService } from './modules/console/console-people.service.ts';
import { registerConsolePlayersRoutes } from './modules/console/console-players.routes.ts';
import { createConsolePlayersService } from './modules/console/console-players.service.ts';
import { registerConsoleReferralTiersRoutes } from './modules/console/console-referral-tiers.routes.ts';
import { createDatacenterRepo } from './modules/datacenter/datacenter.repo.ts';
import { registerDatacenterRoutes } from './modules/datacenter/datacenter.routes.ts';
import { createDatacenterService } from './modules/datacenter/datacenter.service.ts';
import { registerExchange } from './modules/exchange/exchange.plugin.ts';
import { createExchangeRepo } from './modules/exchange/exchange.repo.ts';
import { payableAtRate, tableRateSource } from './modules/exchange/exchange.service.ts';
import { registerGames } from './modules/games/games.plugin.ts';
import { createGuideRepo } from './modules/guide/guide.repo.ts';
import { registerGuideRoutes } from './modules/guide/guide.routes.ts';
import { createGuideService } from './modules/guide/guide.service.ts';
import { createInboxRepo } from './modules/inbox/inbox.repo.ts';
import { registerInboxRoutes } from './modules/inbox/inbox.routes.ts';
import { createInboxService, type UserPush } from './modules/inbox/inbox.service.ts';
import { createNoticesRepo } from './modules/notices/notices.repo.ts';
import { registerNoticesRoutes } from './modules/notices/notices.routes.ts';
import { createNoticesService } from './modules/notices/notices.service.ts';
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
import type { BonusService } from './modules/rewards/rewards.bonus.ts';
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
import { createIdentityDocumentsRepo } from './modules/user/identity-documents.repo.ts';
import { createIdentityReviewService } from './modules/user/identity-review.service.ts';
import { tierTable } from './modules/user/identity-tiers.ts';
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
import { type Database, type Executor, openDatabase } from './platform/db/database.ts';
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
import { startLeaderScheduler } from './platform/scheduler/leader-scheduler.ts';
import { createSecretBox, devKey, keyFromHex } from './platform/secret-box.ts';
import { createDevSmsSender, type SmsSender } from './platform/sms/sms-sender.ts';
import { createDiskStorage } from './platform/storage/file-storage.ts';
import type { Throttle } from './platform/throttle.ts';
import { createRealtimeGateway } from './realtime/realtime.gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Responsible play (issue 14): its `gate` is the PlayGate every stake and deposit calls. */
    responsiblePlay: ResponsibleService;
    /** Scheduled site notices: one publishing round now (tests move the clock, then call this). */
    notices: { publishDue(): Promise<number> };
  }
}

/** Advisory lock key of the scheduled-notices publisher's scheduler node. */
export const NOTICES_SCHEDULER_LOCK = 72_207_701;

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
  let rewardsBonus: BonusService | null = null;
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
  const identityRepo = createIdentityRepo(database.db);
  const identityDocuments = createIdentityDocumentsRepo(database.db);
  // A project's override is parsed at start, so a malformed amount stops the server, not a withdrawal.
  const tierTables = new Map(
    Object.entries(config.withdrawTierLimits).map(([projectId, override]) => [
      Number(projectId),
      tierTable(override),
    ]),
  );
  const identity = createIdentityService({
    repo: identityRepo,
    documents: identityDocuments,
    clock,
    projectById: site.projectById,
    minimumAge: (projectId) => config.minimumAgeByProject.get(projectId) ?? DEFAULT_MINIMUM_AGE,
    // Withdrawal limits per tier: the defaults with the project's WITHDRAW_TIER_LIMITS override.
    tierLimits: (projectId) => {
      let table = tierTables.get(projectId);
      if (!table) {
        table = tierTable(config.withdrawTierLimits[String(projectId)]);
        tierTables.set(projectId, table);
      }
      return table;
    },
    withdrawAssets: (project) => [project.currency, 'USDT'],
  });
  // Tier 2: ID document and selfie reviewed by compliance staff in the console.
  const identityReview = createIdentityReviewService({
    repo: identityRepo,
    documents: identityDocuments,
    identity,
    clock,
    userOf: async (userId) => {
      const user = await userRepo.byId(userId);
      return user ? { phone: user.phone, nickname: user.nickname, email: user.email } : null;
    },
    // The decision in the project's language: an inbox mail, and an email when one is bound.
    tellPlayer: async (decision) => {
      const mail = identityReviewMail(
        site.projectById(decision.projectId)?.locale,
        decision.status,
        decision.reason,
      );
      await inbox.deliver({
        projectId: decision.projectId,
        userId: decision.userId,
        senderId: null,
        title: mail.title,
        content: mail.text,
      });
      if (decision.email && mailer)
        await mailer.send({
          to: decision.email,
          subject: mail.title,
          text: mail.text,
          language: mail.language,
        });
    },
    log: (error, message) => app.log.error({ err: error }, message),
  });
  const exchangeRates = tableRateSource(createExchangeRepo(database.db));
  const responsible = createResponsibleService({
    repo: createResponsibleRepo(database.db),
    ledger: createLedger(clock),
    clock,
    projectById: site.projectById,
    // Limits are in the project currency: USDT and YEC are valued at the exchange's mid rate (rounded
    // up, so a limit is never passed by rounding); no rate → null (refused while a limit is set).
    valueInCurrency: async (tx, projectId, asset, amount) => {
      const project = site.projectById(projectId);
      if (!project) return null;
      try {
        return await payableAtRate(exchangeRates, tx, projectId, asset, project.currency, amount);
      } catch {
        return null;
      }
    },
    // The same value read in a single-outcome bet's one statement (the gate's quickStake): the rate
    // table's prices in SQL, rounded up as payableAtRate rounds.
    valueInCurrencyCall: (projectId, asset) => {
      const project = site.projectById(projectId);
      const payable = exchangeRates.payableCall;
      if (!project || !payable) return null;
      return (amount, offset) => payable(projectId, asset, project.currency, amount, offset);
    },
    // The same values of a batch of bets in its one statement (the gate's quickStakes).
    ...(exchangeRates.payableAllCall && {
      valueInCurrencyAllCall: (items, offset) =>
        exchangeRates.payableAllCall!(
          items.map((item) => ({
            projectId: item.projectId,
            from: item.asset,
            // A project that is not there cannot be staked in (the gate refuses it before this).
            to: site.projectById(item.projectId)?.currency ?? item.asset,
            amount: item.amount,
          })),
          offset,
        ),
    }),
    // Under the minimum age, or tier 0 in a licensed project: no real-money play or deposit (10001).
    playBlock: (tx, userId, projectId) => identity.playBlock(userId, projectId, tx),
    // The same check inside a single-outcome bet's one statement (the gate's quickStake).
    mayPlayCall: (userId, projectId, offset) => identity.mayPlayCall(userId, projectId, offset),
    mayPlayAllCall: (players, offset) => identity.mayPlayAllCall(players, offset),
  });
  app.decorate('responsiblePlay', responsible);
  const version = readAppVersion(config.appVersion, deps.appsRoot === undefined ? APPS_ROOT : deps.appsRoot);

  // Money calls answer 762 while the project is in maintenance (issue 13; docs/payments.md).
  const maintenance = await createMaintenanceGate(siteRepo, {
    bus,
    log: (error, message) => app.log.error({ err: error }, message),
  });
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
    registerUserRoutes(
      scope,
      {
        ...bindDeps,
        production: !config.devEndpoints,
        accountCallsPerMinute: config.accountRateLimitPerMinute,
      },
      users,
      codes,
    ),
  );
  await app.register(async (scope) => registerPromoRoutes(scope, bindDeps, promo, datacenter.groupToday));
  await app.register(async (scope) => registerDatacenterRoutes(scope, bindDeps, datacenter));
  await app.register(async (scope) => registerInboxRoutes(scope, bindDeps, inbox));
  await app.register(async (scope) => registerResponsibleRoutes(scope, bindDeps, responsible));
  await app.register(async (scope) => registerTwoFactorRoutes(scope, bindDeps, twoFactor));
  await app.register(async (scope) => registerSessionRoutes(scope, bindDeps, sessions));
  await app.register(async (scope) => registerIdentityRoutes(scope, bindDeps, identity, identityReview));
  await app.register(async (scope) =>
    registerEmailRoutes(scope, { ...bindDeps, capture: mailCapture }, emails),
  );
  /** Before any withdrawal, bank or crypto: who may take money out at all. */
  const mayWithdraw = async (userId: number, projectId: number) => {
    await identity.requireOfAge(userId, projectId);
    // A fraud case open on the player (a reversed deposit, a blocked address): 712 until it closes.
    await payhub.refuseHeldWithdrawal(userId);
    // An open wagering requirement and the player chose to keep the bonus: 4017.
    await rewardsBonus?.checkWithdraw(userId);
  };
  // Inside each withdrawal's transaction, under the player's lock, before the money is held: the hold
  // read again under its own lock (a case opening in the same instant is seen, or opens after this
  // withdrawal committed), then the bonus choice — forfeits a refused withdrawal rolls back.
  const inWithdrawal = async (tx: Executor, userId: number) => {
    await payhub.refuseHeldWithdrawalIn(tx, userId);
    await rewardsBonus?.forfeitForWithdraw(tx, userId);
  };
  const {
    payhub,
    withdraw,
    tools,
    quota,
    cards: payhubCards,
  } = await registerPaymentHub(app, {
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
    // A deposit reversed from the console: in its transaction, the deposit's bonuses and the
    // promoter's counts of it are undone and the player's mail is stored; its push follows the commit.
    reverseDependents: async (tx, reversed) => {
      await rewardsBonus?.depositReversedIn(tx, reversed.projectId, reversed.creditTransferId);
      await datacenter.depositReversedIn(tx, { userId: reversed.playerId, reference: reversed.orderNo });
      const project = site.projectById(reversed.projectId);
      const mail = depositReversedMail(project?.locale, {
        orderNo: reversed.orderNo,
        amount: reversed.amount,
        taken: reversed.recovered,
        currency: reversed.currency,
        symbol: project?.currencySymbol ?? reversed.currency,
      });
      return inbox.deliverIn(tx, {
        projectId: reversed.projectId,
        userId: reversed.playerId,
        senderId: null,
        title: mail.title,
        content: mail.text,
      });
    },
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
    mayWithdraw,
    inWithdrawal,
    withdrawTier: identity.withdrawTier,
    holderName: (userId, projectId, holderName) => identity.requireHolderName(userId, projectId, holderName),
  });
  if (deps.chain) {
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
      mayWithdraw,
      inWithdrawal,
      withdrawTier: identity.withdrawTier,
      playGate: responsible.gate,
      phoneOf: async (userId) => {
        const user = await userRepo.byId(userId);
        const project = user ? site.projectById(user.projectId) : undefined;
        return user && project
          ? { phone: user.phone, countryCode: project.countryCode, locale: project.locale }
          : null;
      },
      openCase: (executor, row) => payhub.openCase(executor, row),
      isPaymentOperator: async (userId) => (await payhub.operator(database.db, userId))?.spaPay === true,
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
    batches: config.gameBetBatches,
    bus,
  });
  // Crash and wingo (issue 16): routes on every node, the round clock on the lock holder.
  const rounds = await registerRounds(app, {
    bindDeps,
    config: config.rounds,
    database,
    clockDatabase: openDatabase(database.url, config.rounds.clockPoolMax, 'payhub-rounds-clock'),
    clock,
    bus,
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
  const providers = await registerProviders(app, {
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
  const registeredRewards = await registerRewards(app, {
    bindDeps,
    database,
    clock,
    projects: site.allProjects,
    projectById: site.projectById,
    wagers: [games.wagerTotals, rounds.service.wagerTotals],
    deposits: (projectId, playerId, asset, from, to) =>
      wallet.depositedBetween(projectId, playerId, asset, from, to),
    registeredAt: async (playerId) => (await userRepo.byId(playerId))?.createdAt ?? null,
    // Bonus money (issue 17, rewards.bonus.ts): first deposits from the wallet's ledger reads, abuse
    // signals from sessions and payout accounts, held rewards as cases in the payment hub's list.
    bonus: {
      firstDeposits: (projectId, from, to) => wallet.firstDeposits(projectId, from, to),
      depositsBetween: (projectId, query) => wallet.depositsBetween(projectId, query),
      sessionSignals: (playerId) => sessions.signals(playerId),
      payoutAccounts: async (playerId) => [
        ...(await withdraw.payoutAccountsOf(playerId)),
        ...((await app.chain?.payoutAddressesOf(playerId)) ?? []),
      ],
      accountBlocked: async (playerId) =>
        (await responsible.isClosed(playerId)) || (await payhub.hasOpenCase('player', String(playerId))),
      openCase: (executor, row) => payhub.openOrJoinCase(executor, row),
      isExcluded: (playerId) => responsible.isExcluded(playerId),
      notify: async (message) => {
        const mail = bonusMail(
          site.projectById(message.projectId)?.locale,
          message.kind,
          message.amount,
          message.asset,
        );
        await inbox.deliver({
          projectId: message.projectId,
          userId: message.playerId,
          senderId: null,
          title: mail.title,
          content: mail.text,
        });
      },
    },
    schedulerIntervalMs: config.schedulerIntervalMs,
  });
  rewards = registeredRewards.service;
  rewardsBonus = registeredRewards.bonus;
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
    giftCodes: app.rewards!.giftCodes,
    heldRewards: {
      list: (projectId, caseId) => app.rewards!.bonus.heldOfCase(projectId, caseId),
      heldCount: (tx, projectId, caseId) => app.rewards!.bonus.heldCountIn(tx, projectId, caseId),
      decide: (tx, projectId, caseId, decision) =>
        app.rewards!.bonus.decideHeldIn(tx, projectId, caseId, decision),
    },
  });
  await app.register(async (scope) => registerConsoleRoutes(scope, bindDeps, consoleService));
  await app.register(async (scope) =>
    registerConsoleKycRoutes(scope, bindDeps, consoleService, identityReview),
  );
  // Bonus terms and deposit-bonus campaigns: the rewards module's staff entry points.
  await app.register(async (scope) =>
    registerConsoleBonusCampaignsRoutes(scope, bindDeps, consoleService, registeredRewards.bonusCampaigns),
  );
  await app.register(async (scope) =>
    registerConsoleReferralTiersRoutes(scope, bindDeps, consoleService, registeredRewards.referralTiers),
  );
  // The player page's sessions, limits (read only) and identity, through those modules' services.
  const consolePlayers = createConsolePlayersService({
    repo: { db: database.db },
    profileForStaff: (projectId, userId) => users.profileForStaff(projectId, userId),
    sessions,
    responsible,
    identity,
    identityReview,
  });
  await app.register(async (scope) =>
    registerConsolePlayersRoutes(scope, bindDeps, consoleService, consolePlayers),
  );
  // The reward-cost report and the ledger check as finance runs it (every ledger and module invariant).
  const consoleFinance = createConsoleFinanceService({
    repo: createConsoleFinanceRepo(database.db),
    clock,
    ledger: createLedger(clock),
    reportProject: consoleService.reportProject,
    runLedgerCheck: () => checkLedger(database.pool, MODULE_INVARIANTS),
  });
  await app.register(async (scope) =>
    registerConsoleFinanceRoutes(scope, bindDeps, consoleService, consoleFinance),
  );
  // The console's operations screens (stuck orders, chain status, scheduled notices, guide,
  // agreements, promo applications, providers) through those modules' admin entry points.
  const guide = createGuideService({ repo: createGuideRepo(database.db), clock });
  await app.register(async (scope) => registerGuideRoutes(scope, bindDeps, guide));
  const consoleOps = createConsoleOpsService({
    payhub,
    withdraw,
    chain: () => app.chain?.admin,
    notices,
    guide,
    tools,
    promo,
    providers,
  });
  await app.register(async (scope) => registerConsoleOpsRoutes(scope, bindDeps, consoleService, consoleOps));
  // The operator page (cards, quota, group) and the promoter list, through those modules' services.
  const consolePeople = createConsolePeopleService({
    db: database.db,
    clock,
    projectById: site.projectById,
    payhub,
    cards: payhubCards,
    quota,
    promo,
    users: userProfiles,
  });
  await app.register(async (scope) =>
    registerConsolePeopleRoutes(scope, bindDeps, consoleService, consolePeople),
  );
  // Scheduled site notices are published at their time by the scheduler node.
  const noticeScheduler = startLeaderScheduler({
    pool: database.pool,
    lockKey: NOTICES_SCHEDULER_LOCK,
    intervalMs: config.schedulerIntervalMs,
    tasks: [{ name: 'notice-publish', run: async () => void (await notices.publishDue()) }],
    onError: (task, error) => app.log.error({ err: error, task }, 'notice task failed'),
  });
  app.decorate('notices', { publishDue: () => notices.publishDue() });
  app.addHook('onClose', async () => noticeScheduler.stop());

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
