import {
  type Asset,
  type BonusOverview,
  type BonusWithdrawChoice,
  DEFAULT_BONUS_WITHDRAW_CHOICE,
  ErrorCode,
  formatAmount,
  isAsset,
  type ProjectConfig,
  smallestAmount,
} from '@payhub/contracts';
import { accounts, type CreditCursor, type Ledger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import type { BonusRepo, BonusRow, SignalKind } from './rewards.bonus.repo.ts';
import type { BonusCampaignsRepo } from './rewards.bonus-campaigns.repo.ts';
import {
  type BonusCampaigns,
  campaignEnd,
  campaignTermsWire,
  type FirstDepositTerms,
} from './rewards.bonus-campaigns.ts';
import type { Executor } from './rewards.repo.ts';
import type { WagerSource } from './rewards.service.ts';

/** Ledger codes of bonus money (docs/payments.md "Rewards"). */
export const BONUS_CODES = {
  firstDeposit: 'first_deposit_bonus',
  referral: 'referral_bonus',
  campaign: 'campaign_bonus',
  convert: 'bonus_convert',
  forfeit: 'bonus_forfeit',
  clawback: 'bonus_clawback',
} as const;
export const bonusTransferId = (bonusId: number, step: 'grant' | 'convert' | 'forfeit' | 'clawback') =>
  `rw:bonus:${bonusId}:${step}`;

/** How far back each scan looks for first deposits: a node down for less than this misses none. */
export const FIRST_DEPOSIT_LOOKBACK_MS = 3 * 86_400_000;
/** Deposits a campaign scan reads per page (keyset on the ledger entry). */
const CAMPAIGN_PAGE = 500;
const DAY_MS = 86_400_000;
const BP = 10_000n;
const HISTORY_LIMIT = 50;

/** A bonus message (inbox) about a player's bonus money. */
export interface BonusMessage {
  projectId: number;
  playerId: number;
  kind: 'granted' | 'converted';
  asset: Asset;
  amount: string;
}

export interface BonusDeps {
  repo: BonusRepo;
  ledger: Ledger;
  clock: Clock;
  projects: () => ProjectConfig[];
  projectById: (id: number) => ProjectConfig | undefined;
  wagers: WagerSource[];
  /** Staff-set terms and campaigns (rewards.bonus-campaigns.ts). */
  campaigns: Pick<BonusCampaigns, 'termsAt' | 'running'>;
  campaignsRepo: BonusCampaignsRepo;
  /** Local-currency deposits credited in a window, oldest first after a cursor (the wallet service). */
  depositsBetween: (
    projectId: number,
    query: {
      asset: Asset;
      from: Date;
      to: Date;
      minAmount: bigint;
      after: CreditCursor | null;
      limit: number;
    },
  ) => Promise<
    Array<{
      cursor: CreditCursor;
      playerId: number;
      transferId: string;
      asset: Asset;
      amount: bigint;
      at: Date;
      first: boolean;
    }>
  >;
  /** Players whose first local-currency deposit was credited in [from, to) (the wallet service). */
  firstDeposits: (
    projectId: number,
    from: Date,
    to: Date,
  ) => Promise<Array<{ playerId: number; transferId: string; asset: Asset; amount: bigint; at: Date }>>;
  /** The device ids and addresses of a player's sessions (the session service). */
  sessionSignals: (playerId: number) => Promise<{ clientIds: string[]; ips: string[] }>;
  /** The player's payout accounts (bank accounts, crypto addresses) as stable strings. */
  payoutAccounts: (playerId: number) => Promise<string[]>;
  /** Whether the account is closed or flagged (a pending referral bonus is then not paid). */
  accountBlocked: (playerId: number) => Promise<boolean>;
  /**
   * Opens a monitoring case in the console's case list (the payment hub's cases), or joins the one
   * of that rule already open for the subject: the id of the open case either way.
   */
  openCase: (
    executor: Executor,
    row: {
      projectId: number;
      rule: string;
      subjectType: string;
      subjectId: string;
      details: unknown;
      at: Date;
    },
  ) => Promise<number>;
  /** Whether the player is cooling off or self-excluded (no bonus messages then). */
  isExcluded: (playerId: number) => Promise<boolean>;
  /** Delivers a bonus message (the inbox). */
  notify: (message: BonusMessage) => Promise<void>;
  log: (error: unknown, message: string) => void;
}

/**
 * The /24 network of an IPv4 address (`10.1.2.0/24`), the /48 of an IPv6 one; null when unreadable or
 * loopback.
 */
export function networkOf(ip: string): string | null {
  // Loopback is this machine, not a network two players could share (and every local test's address).
  if (ip === '::1') return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4?.[1] === '127') return null;
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) {
    const groups = ip.split(':').slice(0, 3);
    return groups.length === 3 && groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))
      ? `${groups.join(':').toLowerCase()}::/48`
      : null;
  }
  return null;
}

export const bonusOf = (deposit: bigint, bp: number): bigint => (deposit * BigInt(bp)) / BP;

export function createBonusService(deps: BonusDeps) {
  const { repo, ledger, clock } = deps;

  function projectOf(projectId: number): ProjectConfig {
    const project = deps.projectById(projectId);
    if (!project) throw notFound('project');
    return project;
  }
  /** The first-deposit terms in force at `at` (staff-set versions; never the ones set later). */
  const termsAt = (executor: Executor, projectId: number, at: Date): Promise<FirstDepositTerms> =>
    deps.campaigns.termsAt(executor, projectId, at);

  /** Sends a bonus message unless the player is cooling off or self-excluded (then none is sent). */
  async function message(entry: BonusMessage): Promise<boolean> {
    try {
      if (await deps.isExcluded(entry.playerId)) return false;
      await deps.notify(entry);
      return true;
    } catch (error) {
      deps.log(error, 'bonus message not sent');
      return false;
    }
  }

  /** "Bonus granted" to the player of a bonus row now on their bonus balance. */
  function tellGranted(bonus: { projectId: number; playerId: number; asset: string; amount: bigint }) {
    const asset = bonus.asset as Asset;
    return message({
      projectId: bonus.projectId,
      playerId: bonus.playerId,
      kind: 'granted',
      asset,
      amount: formatAmount(bonus.amount, asset),
    });
  }

  /** Records the player's device, network and payout signals (registration: sessions; payouts). */
  async function recordSignals(executor: Executor, projectId: number, playerId: number): Promise<void> {
    const [sessions, payouts] = await Promise.all([
      deps.sessionSignals(playerId),
      deps.payoutAccounts(playerId),
    ]);
    const signals: Array<{ kind: SignalKind; value: string }> = [];
    for (const clientId of sessions.clientIds)
      signals.push({ kind: 'device', value: clientId.slice(0, 200) });
    for (const ip of sessions.ips) {
      const network = networkOf(ip);
      if (network) signals.push({ kind: 'ip24', value: network });
    }
    for (const payout of payouts) signals.push({ kind: 'payout', value: payout.slice(0, 200) });
    await repo.saveSignals(executor, projectId, playerId, signals, clock.now());
  }

  /**
   * The abuse check of a first deposit: the depositor's signals against its uplines' at levels 1..3
   * (same device, same /24 network, same payout account). A match is a self-referral or a ring: the
   * rewards it would pay are held and a case opened.
   */
  async function abuseOf(
    executor: Executor,
    projectId: number,
    playerId: number,
  ): Promise<{ uplines: number[]; shared: Array<{ otherId: number; kind: SignalKind; value: string }> }> {
    const uplines = await repo.uplines(executor, playerId);
    await recordSignals(executor, projectId, playerId);
    for (const upline of uplines) await recordSignals(executor, projectId, upline);
    const shared = await repo.sharedSignals(executor, playerId, uplines);
    return { uplines, shared };
  }

  /** Puts a granted bonus on the player's bonus balance: pool → player_bonus, active or queued. */
  async function credit(tx: Executor, bonus: BonusRow, code: string): Promise<'active' | 'queued'> {
    const asset = bonus.asset as Asset;
    const pool = await ledger.account(tx, accounts.bonusPool(bonus.projectId, asset));
    const target = await ledger.account(tx, accounts.playerBonus(bonus.projectId, bonus.playerId, asset));
    await ledger.transfer(tx, {
      id: bonusTransferId(bonus.id, 'grant'),
      debitAccountId: pool.id,
      creditAccountId: target.id,
      amount: bonus.amount,
      code,
      reference: { type: 'rewards_bonus', id: String(bonus.id) },
    });
    const active = await repo.activeOf(tx, bonus.playerId, bonus.asset);
    const now = clock.now();
    if (active && active.id !== bonus.id) {
      await repo.setState(tx, bonus.id, { state: 'queued', at: now, grantedAt: now });
      return 'queued';
    }
    await repo.setState(tx, bonus.id, { state: 'active', at: now, wagerFrom: now, grantedAt: now });
    return 'active';
  }

  /** After a bonus left the balance: the next queued one of its asset starts counting wager. */
  async function activateNext(tx: Executor, playerId: number, asset: string): Promise<void> {
    if (await repo.activeOf(tx, playerId, asset)) return;
    const next = await repo.nextQueued(tx, playerId, asset);
    if (next) await repo.setState(tx, next.id, { state: 'active', at: clock.now(), wagerFrom: clock.now() });
  }

  /** The player's settled wager of an asset in [from, now) through the games' and rounds' services. */
  async function wageredSince(
    projectId: number,
    playerId: number,
    asset: string,
    from: Date,
  ): Promise<bigint> {
    const to = clock.now();
    if (to.getTime() <= from.getTime()) return 0n;
    const totals = (await Promise.all(deps.wagers.map((source) => source(projectId, from, to)))).flat();
    return totals
      .filter((row) => row.playerId === playerId && row.asset === asset)
      .reduce((sum, row) => sum + row.wager, 0n);
  }

  /**
   * Grants the bonuses of one first deposit: the player's own (now) and its referrer's (pending until
   * `referralDelayDays` later). One row per (kind, player) makes a re-scan or a parallel scan grant
   * nothing twice; a suspicious deposit's rewards are held and a monitoring case opened.
   */
  async function grantFirstDeposit(
    projectId: number,
    deposit: { playerId: number; transferId: string; asset: Asset; amount: bigint; at: Date },
  ): Promise<{ granted: boolean; held: boolean }> {
    const project = projectOf(projectId);
    // The terms in force when the deposit was credited: a later change is never retroactive.
    const terms = await termsAt(repo.db, projectId, deposit.at);
    if (deposit.asset !== project.currency || deposit.amount < terms.minFirstDeposit)
      return { granted: false, held: false };
    const outcome = await repo.transaction(async (tx) => {
      const now = clock.now();
      // Either rate may be 0 ("none"): the other bonus is still granted (a row of 0 would break the
      // table's amount > 0 and with it the whole grant).
      const amount = bonusOf(deposit.amount, terms.bonusBp);
      const referralAmount = bonusOf(deposit.amount, terms.referralBp);
      if (amount <= 0n && referralAmount <= 0n) return null;
      // A deposit the bank took back earns nothing (docs/payments.md "Reversal of a credited deposit").
      if (!(await depositStands(tx, projectId, deposit.transferId))) return null;
      const { uplines, shared } = await abuseOf(tx, projectId, deposit.playerId);
      const reasons = [...new Set(shared.map((signal) => `same_${signal.kind}`))].sort();
      const held = reasons.length > 0;
      const own =
        amount > 0n
          ? await repo.insert(tx, {
              projectId,
              playerId: deposit.playerId,
              kind: 'first_deposit',
              sourcePlayerId: deposit.playerId,
              depositTransfer: deposit.transferId,
              depositAmount: deposit.amount,
              asset: deposit.asset,
              amount,
              wagerRequired: amount * BigInt(terms.wageringMultiple),
              state: held ? 'held' : 'pending',
              dueAt: deposit.at,
              holdReasons: reasons,
              at: now,
            })
          : null;
      // Granted before (a re-scan, a parallel scan): nothing twice.
      if (amount > 0n && !own) return null;
      const referrer = uplines[0];
      const referral =
        referrer === undefined || referralAmount <= 0n
          ? null
          : await repo.insert(tx, {
              projectId,
              playerId: referrer,
              kind: 'referral',
              sourcePlayerId: deposit.playerId,
              depositTransfer: deposit.transferId,
              depositAmount: deposit.amount,
              asset: deposit.asset,
              amount: referralAmount,
              wagerRequired: referralAmount * BigInt(terms.wageringMultiple),
              state: held ? 'held' : 'pending',
              dueAt: new Date(deposit.at.getTime() + terms.referralDelayDays * DAY_MS),
              holdReasons: reasons,
              at: now,
            });
      if (!own && !referral) return null;
      if (held) {
        const caseId = await deps.openCase(tx, {
          projectId,
          rule: 'reward_abuse',
          subjectType: 'player',
          subjectId: String(deposit.playerId),
          details: {
            reward: 'first_deposit',
            bonusIds: [own, referral].flatMap((row) => (row ? [row.id] : [])),
            reasons,
            sharedWith: [...new Set(shared.map((signal) => signal.otherId))],
            depositTransfer: deposit.transferId,
          },
          at: now,
        });
        for (const row of [own, referral])
          if (row) await repo.setState(tx, row.id, { state: 'held', at: now, caseId });
        return { own, held: true };
      }
      // The referrer's bonus waits pending for its day (runDueReferrals); the player's is paid now.
      if (own) await credit(tx, own, BONUS_CODES.firstDeposit);
      return { own, held: false };
    });
    if (!outcome) return { granted: false, held: false };
    if (!outcome.held && outcome.own) await tellGranted(outcome.own);
    return { granted: !outcome.held, held: outcome.held };
  }

  /** Converts a bonus whose requirement is met: player_bonus → player wallet, once. */
  async function convert(bonusId: number): Promise<boolean> {
    const done = await repo.transaction(async (tx) => {
      const bonus = await repo.lock(tx, bonusId);
      if (bonus?.state !== 'active' || !bonus.wagerFrom || !isAsset(bonus.asset)) return null;
      const wagered = await wageredSince(bonus.projectId, bonus.playerId, bonus.asset, bonus.wagerFrom);
      if (wagered < bonus.wagerRequired) return null;
      const asset = bonus.asset;
      const source = await ledger.account(tx, accounts.playerBonus(bonus.projectId, bonus.playerId, asset));
      const wallet = await ledger.account(tx, accounts.player(bonus.projectId, bonus.playerId, asset));
      await ledger.lockAccounts(tx, [source.id, wallet.id]);
      await ledger.transfer(tx, {
        id: bonusTransferId(bonus.id, 'convert'),
        debitAccountId: source.id,
        creditAccountId: wallet.id,
        amount: bonus.amount,
        code: BONUS_CODES.convert,
        reference: { type: 'rewards_bonus', id: String(bonus.id) },
      });
      await repo.setState(tx, bonus.id, { state: 'converted', at: clock.now(), wagered });
      await activateNext(tx, bonus.playerId, bonus.asset);
      return bonus;
    });
    if (!done) return false;
    await message({
      projectId: done.projectId,
      playerId: done.playerId,
      kind: 'converted',
      asset: done.asset as Asset,
      amount: formatAmount(done.amount, done.asset as Asset),
    });
    return true;
  }

  /** Moves a bonus off the balance back to the pool (forfeit or clawback), at most what the balance holds. */
  async function takeBack(tx: Executor, bonus: BonusRow, step: 'forfeit' | 'clawback'): Promise<bigint> {
    const asset = bonus.asset as Asset;
    const source = await ledger.account(tx, accounts.playerBonus(bonus.projectId, bonus.playerId, asset));
    await ledger.lockAccounts(tx, [source.id]);
    const { available } = await ledger.balance(tx, source.id);
    const amount = smallestAmount(bonus.amount, available);
    if (amount > 0n) {
      const pool = await ledger.account(tx, accounts.bonusPool(bonus.projectId, asset));
      await ledger.transfer(tx, {
        id: bonusTransferId(bonus.id, step),
        debitAccountId: source.id,
        creditAccountId: pool.id,
        amount,
        code: step === 'forfeit' ? BONUS_CODES.forfeit : BONUS_CODES.clawback,
        reference: { type: 'rewards_bonus', id: String(bonus.id) },
      });
    }
    return amount;
  }

  /**
   * Whether a deposit still stands (not reversed), under its lock (repo.lockDeposit) so that a
   * reversal running at the same time waits for this transaction or is seen by it.
   */
  async function depositStands(tx: Executor, projectId: number, depositTransfer: string): Promise<boolean> {
    await repo.lockDeposit(tx, projectId, depositTransfer);
    return !(await repo.depositReversed(tx, projectId, depositTransfer));
  }

  /** The reversal of a deposit's rewards inside the caller's transaction (see `depositReversed`). */
  async function depositReversedIn(
    tx: Executor,
    projectId: number,
    depositTransfer: string,
  ): Promise<{ clawedBack: bigint }> {
    let total = 0n;
    await repo.lockDeposit(tx, projectId, depositTransfer);
    if (!(await repo.markReversed(tx, projectId, depositTransfer, clock.now()))) return { clawedBack: 0n };
    for (const bonus of await repo.ofDeposit(tx, projectId, depositTransfer)) {
      const now = clock.now();
      if (bonus.state === 'pending' || bonus.state === 'held') {
        await repo.setState(tx, bonus.id, { state: 'void', at: now });
      } else if (bonus.state === 'active' || bonus.state === 'queued') {
        const taken = await takeBack(tx, bonus, 'clawback');
        total += taken;
        await repo.setState(tx, bonus.id, { state: 'clawed_back', at: now, clawedBack: taken });
        await activateNext(tx, bonus.playerId, bonus.asset);
      } else if (bonus.state === 'converted') {
        const asset = bonus.asset as Asset;
        const wallet = await ledger.account(tx, accounts.player(bonus.projectId, bonus.playerId, asset));
        await ledger.lockAccounts(tx, [wallet.id]);
        const { available } = await ledger.balance(tx, wallet.id);
        const taken = bonus.amount < available ? bonus.amount : available > 0n ? available : 0n;
        if (taken > 0n) {
          const pool = await ledger.account(tx, accounts.bonusPool(bonus.projectId, asset));
          await ledger.transfer(tx, {
            id: bonusTransferId(bonus.id, 'clawback'),
            debitAccountId: wallet.id,
            creditAccountId: pool.id,
            amount: taken,
            code: BONUS_CODES.clawback,
            reference: { type: 'rewards_bonus', id: String(bonus.id) },
          });
        }
        total += taken;
        await repo.setState(tx, bonus.id, { state: 'clawed_back', at: now, clawedBack: taken });
      }
    }
    return { clawedBack: total };
  }

  /**
   * Grants a campaign's bonus for one deposit, through the same machinery as the others (bonus pool →
   * player_bonus, active or queued, the campaign's wagering). The campaign row is read FOR SHARE (a
   * staff change of its terms waits, or is refused once this committed); the bonus row's unique
   * indexes make a deposit earn once and a player once per campaign, whatever runs in parallel.
   */
  async function grantCampaign(
    projectId: number,
    campaignId: number,
    deposit: { playerId: number; transferId: string; asset: Asset; amount: bigint; at: Date },
  ): Promise<BonusRow | null> {
    const granted = await repo.transaction(async (tx) => {
      const campaign = await deps.campaignsRepo.campaign(tx, projectId, campaignId, 'share');
      if (!campaign || campaign.asset !== deposit.asset) return null;
      if (!(await depositStands(tx, projectId, deposit.transferId))) return null;
      if (deposit.at.getTime() < campaign.startsAt.getTime()) return null;
      if (deposit.at.getTime() >= campaignEnd(campaign).getTime()) return null;
      if (deposit.amount < campaign.minDeposit) return null;
      const computed = bonusOf(deposit.amount, campaign.bonusBp);
      const amount = smallestAmount(computed, campaign.maxBonus);
      if (amount <= 0n) return null;
      const row = await repo.insertCampaign(tx, {
        projectId,
        playerId: deposit.playerId,
        campaignId: campaign.id,
        depositTransfer: deposit.transferId,
        depositAmount: deposit.amount,
        asset: deposit.asset,
        amount,
        wagerRequired: amount * BigInt(campaign.wageringMultiple),
        at: clock.now(),
      });
      if (!row) return null;
      await credit(tx, row, BONUS_CODES.campaign);
      return row;
    });
    if (granted) await tellGranted(granted);
    return granted;
  }

  const service = {
    /** The first-deposit terms in force now (the player's bonus page). */
    terms: (projectId: number) => termsAt(repo.db, projectId, clock.now()),
    grantFirstDeposit,
    grantCampaign,

    /**
     * The scheduled campaign scan: every campaign whose window overlaps the lookback, its qualifying
     * deposits in that overlap (the project currency, ≥ its minimum, not the player's first deposit —
     * that one earns the first-deposit bonus), oldest first; a deposit already paid grants nothing.
     */
    async scanCampaigns(projectId: number): Promise<number> {
      const now = clock.now();
      const from = new Date(now.getTime() - FIRST_DEPOSIT_LOOKBACK_MS);
      const to = new Date(now.getTime() + 1);
      let granted = 0;
      for (const campaign of await deps.campaignsRepo.campaignsOverlapping(repo.db, projectId, from, to)) {
        if (!isAsset(campaign.asset)) continue;
        const windowFrom = campaign.startsAt.getTime() > from.getTime() ? campaign.startsAt : from;
        const end = campaignEnd(campaign);
        const windowTo = end.getTime() < to.getTime() ? end : to;
        let after: CreditCursor | null = null;
        for (;;) {
          const page = await deps.depositsBetween(projectId, {
            asset: campaign.asset,
            from: windowFrom,
            to: windowTo,
            minAmount: campaign.minDeposit,
            after,
            limit: CAMPAIGN_PAGE,
          });
          // Deposits already served are skipped here; grantCampaign's unique indexes still decide.
          const taken = await deps.campaignsRepo.takenOf(repo.db, campaign.id, page);
          for (const deposit of page) {
            if (deposit.first || taken.transfers.has(deposit.transferId)) continue;
            if (taken.players.has(deposit.playerId)) continue;
            if (await grantCampaign(projectId, campaign.id, deposit)) granted += 1;
          }
          if (page.length < CAMPAIGN_PAGE) break;
          after = page[page.length - 1]!.cursor;
        }
      }
      return granted;
    },
    convert,

    /** The scheduled scan: first deposits credited in the lookback window of every project. */
    async scanFirstDeposits(projectId: number): Promise<{ granted: number; held: number }> {
      const to = clock.now();
      const from = new Date(to.getTime() - FIRST_DEPOSIT_LOOKBACK_MS);
      // The window's end is a moment ago: a credit committing now with an earlier timestamp is found next tick.
      const deposits = await deps.firstDeposits(projectId, from, new Date(to.getTime() + 1));
      let granted = 0;
      let held = 0;
      for (const deposit of deposits) {
        const outcome = await grantFirstDeposit(projectId, deposit);
        if (outcome.granted) granted += 1;
        if (outcome.held) held += 1;
      }
      return { granted, held };
    },

    /**
     * The 7-day job: pays each pending referral bonus whose day has come, if its deposit still stands
     * (not reversed) and neither account is closed or flagged; otherwise voids it. The row is locked
     * and its state checked, and the ledger transfer's id is the bonus's, so two runs pay once.
     */
    async runDueReferrals(projectId: number): Promise<{ paid: number; voided: number }> {
      let paid = 0;
      let voided = 0;
      for (const candidate of await repo.due(repo.db, projectId, clock.now())) {
        const blocked =
          (await deps.accountBlocked(candidate.sourcePlayerId)) ||
          (await deps.accountBlocked(candidate.playerId));
        const outcome = await repo.transaction(async (tx) => {
          const bonus = await repo.lock(tx, candidate.id);
          if (bonus?.state !== 'pending' || bonus.dueAt.getTime() > clock.now().getTime()) return null;
          if (blocked || (await repo.depositReversed(tx, projectId, bonus.depositTransfer))) {
            await repo.setState(tx, bonus.id, { state: 'void', at: clock.now() });
            return 'void' as const;
          }
          await credit(tx, bonus, BONUS_CODES.referral);
          return bonus;
        });
        if (outcome === 'void') voided += 1;
        else if (outcome) {
          paid += 1;
          await tellGranted(outcome);
        }
      }
      return { paid, voided };
    },

    /** The wagering job: converts every active bonus of a project whose requirement is met. */
    async runWagering(projectId: number): Promise<number> {
      const active = await repo.activeInProject(repo.db, projectId);
      if (active.length === 0) return 0;
      // One read of every player's wager since the earliest active bonus began: a bonus whose player
      // has not wagered its requirement even over that wider window cannot be met; only the others
      // are checked one by one over their own window.
      const earliest = new Date(Math.min(...active.map((bonus) => bonus.wagerFrom?.getTime() ?? Date.now())));
      const to = clock.now();
      const wide = new Map<string, bigint>();
      if (to.getTime() > earliest.getTime())
        for (const row of (
          await Promise.all(deps.wagers.map((source) => source(projectId, earliest, to)))
        ).flat())
          wide.set(
            `${row.playerId}:${row.asset}`,
            (wide.get(`${row.playerId}:${row.asset}`) ?? 0n) + row.wager,
          );
      let converted = 0;
      for (const bonus of active) {
        if ((wide.get(`${bonus.playerId}:${bonus.asset}`) ?? 0n) < bonus.wagerRequired) continue;
        if (await convert(bonus.id)) converted += 1;
      }
      return converted;
    },

    /** Every scheduled bonus task of every project (restart-safe: each step is idempotent). */
    async runScheduled(): Promise<void> {
      for (const project of deps.projects()) {
        await service.scanFirstDeposits(project.projectId);
        await service.scanCampaigns(project.projectId);
        await service.runDueReferrals(project.projectId);
        await service.runWagering(project.projectId);
      }
    },

    /**
     * What a case holds, before staff decide (the console's confirmation): each held bonus and the
     * sum per asset. Releasing pays a first-deposit bonus at once and queues a referral bonus for its
     * due time; a bonus whose deposit was reversed meanwhile is voided instead.
     */
    async heldOfCase(projectId: number, caseId: number) {
      const rows = await repo.heldOfCase(repo.db, projectId, caseId, false);
      const totals = new Map<string, { amount: bigint; count: number }>();
      for (const row of rows) {
        const total = totals.get(row.asset) ?? { amount: 0n, count: 0 };
        totals.set(row.asset, { amount: total.amount + row.amount, count: total.count + 1 });
      }
      return {
        totals: [...totals].map(([asset, total]) => ({
          asset: asset as Asset,
          amount: formatAmount(total.amount, asset as Asset),
          count: total.count,
        })),
        rewards: rows.map((row) => ({
          id: row.id,
          playerId: row.playerId,
          kind: row.kind,
          asset: row.asset as Asset,
          amount: formatAmount(row.amount, row.asset as Asset),
        })),
      };
    },

    /**
     * The console's decision on a reward-abuse case (issue 17): `release` pays the player's held
     * first-deposit bonus now (onto the bonus balance, with its wagering) and lets the referrer's go
     * back to waiting for its day (the scheduled job pays it then, if the deposit still stands);
     * `void` cancels them. A reversed deposit's rewards are voided whatever the decision. Only rows
     * still held change (they are locked), so a repeated or concurrent decision moves nothing twice.
     * Inside the caller's transaction (the console decides as it closes the case, in one transaction
     * with the close and the audit line): answers the counts and `notify`, the players' "bonus
     * granted" messages, for the caller to send once that transaction committed.
     */
    async decideHeldIn(
      tx: Executor,
      projectId: number,
      caseId: number,
      decision: 'release' | 'void',
    ): Promise<{ released: number; voided: number; notify: () => Promise<void> }> {
      const granted: BonusRow[] = [];
      let released = 0;
      let voided = 0;
      for (const bonus of await repo.heldOfCase(tx, projectId, caseId)) {
        const now = clock.now();
        if (decision === 'void' || (await repo.depositReversed(tx, projectId, bonus.depositTransfer))) {
          await repo.setState(tx, bonus.id, { state: 'void', at: now });
          voided += 1;
        } else if (bonus.kind === 'first_deposit') {
          await credit(tx, bonus, BONUS_CODES.firstDeposit);
          granted.push(bonus);
          released += 1;
        } else {
          await repo.setState(tx, bonus.id, { state: 'pending', at: now });
          released += 1;
        }
      }
      const notify = async () => {
        for (const bonus of granted) await tellGranted(bonus);
      };
      return { released, voided, notify };
    },

    /** How many rewards a case still holds, locked until the caller's transaction ends. */
    async heldCountIn(tx: Executor, projectId: number, caseId: number): Promise<number> {
      return (await repo.heldOfCase(tx, projectId, caseId)).length;
    },

    /** `decideHeldIn` in a transaction of its own; the messages leave after it committed. */
    async decideHeld(
      projectId: number,
      caseId: number,
      decision: 'release' | 'void',
    ): Promise<{ released: number; voided: number }> {
      const { released, voided, notify } = await repo.transaction((tx) =>
        service.decideHeldIn(tx, projectId, caseId, decision),
      );
      await notify();
      return { released, voided };
    },

    /**
     * A qualifying deposit was reversed (called by whoever reverses a credited deposit): pending and
     * held bonuses of it are voided; those on a bonus balance are clawed back to the pool (at most
     * what the balance holds; it never goes below zero); converted ones are clawed back from the
     * wallet's available balance, as much as is there (never below zero; the rest is written off and
     * recorded as not recovered). Idempotent per deposit. In a transaction of its own.
     */
    depositReversed(projectId: number, depositTransfer: string): Promise<{ clawedBack: bigint }> {
      return repo.transaction((tx) => depositReversedIn(tx, projectId, depositTransfer));
    },

    /** `depositReversed` inside the caller's transaction (the payment hub's reversal of a deposit). */
    depositReversedIn,

    /**
     * The first look before a withdrawal (bank or crypto), outside its transaction and changing
     * nothing: with a bonus on the balance (active or queued) and the player's advance choice
     * `refuse` (chosen: the default forfeits), 4017 before the withdrawal checks anything else.
     */
    async checkWithdraw(playerId: number): Promise<void> {
      const open = await repo.open(repo.db, playerId);
      if (open.length === 0) return;
      if (((await repo.choice(repo.db, playerId)) ?? DEFAULT_BONUS_WITHDRAW_CHOICE) === 'refuse')
        throw new AppError(ErrorCode.BonusWageringOpen);
    },

    /**
     * Inside the withdrawal's own transaction, before its money is held: applies the player's advance
     * choice to every bonus on the balance (active or queued) — `refuse` answers 4017, `forfeit` moves
     * each back to the pool. Being in that transaction, a withdrawal refused after it (balance, tier
     * limit, bank account, limits) rolls the forfeit back with it; each bonus row is locked and its
     * state read again, so of two concurrent withdrawals only the first forfeits. Called before the
     * withdrawal's wallet hold: the wagering job locks a bonus row before the wallet, and the same order
     * here leaves no lock cycle.
     */
    async forfeitForWithdraw(tx: Executor, playerId: number): Promise<void> {
      const open = await repo.open(tx, playerId);
      if (open.length === 0) return;
      if (((await repo.choice(tx, playerId)) ?? DEFAULT_BONUS_WITHDRAW_CHOICE) === 'refuse')
        throw new AppError(ErrorCode.BonusWageringOpen);
      for (const candidate of open) {
        const bonus = await repo.lock(tx, candidate.id);
        if (!bonus || (bonus.state !== 'active' && bonus.state !== 'queued')) continue;
        const wagered =
          bonus.state === 'active' && bonus.wagerFrom
            ? await wageredSince(bonus.projectId, bonus.playerId, bonus.asset, bonus.wagerFrom)
            : 0n;
        await takeBack(tx, bonus, 'forfeit');
        await repo.setState(tx, bonus.id, { state: 'forfeited', at: clock.now(), wagered });
      }
    },

    async setWithdrawChoice(session: Session, choice: BonusWithdrawChoice) {
      await repo.saveChoice(repo.db, session.userId, choice, clock.now());
      return { onWithdraw: choice };
    },

    /** The caller's bonus money: terms, balance per asset, each bonus with its wagering progress. */
    async overview(session: Session): Promise<BonusOverview> {
      const project = projectOf(session.projectId);
      const [terms, rows, choice, running] = await Promise.all([
        termsAt(repo.db, session.projectId, clock.now()),
        repo.ofPlayer(repo.db, session.userId, HISTORY_LIMIT),
        repo.choice(repo.db, session.userId),
        deps.campaigns.running(session.projectId),
      ]);
      const campaignIds = [
        ...new Set([
          ...running.map((campaign) => campaign.id),
          ...rows.flatMap((row) => (row.campaignId === null ? [] : [row.campaignId])),
        ]),
      ];
      const [earned, named] = await Promise.all([
        deps.campaignsRepo.earnedBy(
          repo.db,
          session.userId,
          running.map((campaign) => campaign.id),
        ),
        Promise.all(campaignIds.map((id) => deps.campaignsRepo.campaign(repo.db, session.projectId, id))),
      ]);
      const names = new Map(named.flatMap((campaign) => (campaign ? [[campaign.id, campaign.name]] : [])));
      const assets = [...new Set(rows.map((row) => row.asset).filter(isAsset))];
      const balances = await Promise.all(
        assets.map(async (asset) => {
          const account = await ledger.findAccount(
            repo.db,
            accounts.playerBonus(session.projectId, session.userId, asset).address,
          );
          const balance = account ? (await ledger.balance(repo.db, account.id)).balance : 0n;
          return { asset, balance: formatAmount(balance, asset) };
        }),
      );
      const bonuses = await Promise.all(
        rows
          .filter((row) => isAsset(row.asset))
          .map(async (row) => {
            const asset = row.asset as Asset;
            const live =
              row.state === 'active' && row.wagerFrom
                ? await wageredSince(session.projectId, session.userId, asset, row.wagerFrom)
                : row.wagered;
            const wagered = smallestAmount(live, row.wagerRequired);
            return {
              id: row.id,
              kind: row.kind,
              campaignId: row.campaignId,
              campaignName: row.campaignId === null ? null : (names.get(row.campaignId) ?? null),
              asset,
              amount: formatAmount(row.amount, asset),
              // A held bonus shows as pending to the player (the review is the operator's).
              state: row.state === 'held' ? ('pending' as const) : row.state,
              wagerRequired: formatAmount(row.wagerRequired, asset),
              wagered: formatAmount(wagered, asset),
              createdAt: unixSeconds(row.createdAt),
              dueAt: unixSeconds(row.dueAt),
            };
          }),
      );
      return {
        terms: {
          asset: project.currency,
          minFirstDeposit: formatAmount(terms.minFirstDeposit, project.currency),
          bonusBp: terms.bonusBp,
          referralBp: terms.referralBp,
          referralDelayDays: terms.referralDelayDays,
          wageringMultiple: terms.wageringMultiple,
        },
        onWithdraw: choice ?? DEFAULT_BONUS_WITHDRAW_CHOICE,
        balances,
        openRequirement: rows.some((row) => row.state === 'active' || row.state === 'queued'),
        bonuses,
        campaigns: running.map((campaign) => ({
          ...campaignTermsWire(campaign),
          earned: earned.has(campaign.id),
        })),
      };
    },
  };
  return service;
}
export type BonusService = ReturnType<typeof createBonusService>;
