import {
  type Asset,
  ErrorCode,
  NO_BETS_TALLY,
  type ProjectConfig,
  RECENT_ROUNDS,
  ROUND_GAMES,
  type RoundEvent,
  type RoundGame,
  type RoundStateResponse,
  type WingoGame,
} from '@payhub/contracts';
import { parseWingoPick } from '@payhub/games';
import type { Ledger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import { createRoundAccounts } from './rounds.accounts.ts';
import { createRoundBets } from './rounds.bets.ts';
import { createRoundsBroadcast } from './rounds.broadcast.ts';
import { createRoundCashOuts } from './rounds.cash-outs.ts';
import type { CashOutsInFlightMessage } from './rounds.cash-outs-in-flight.ts';
import { createRoundClock } from './rounds.clock.ts';
import type { RoundsRepo } from './rounds.repo.ts';
import type { RoundsSettings } from './rounds.settings.ts';
import { createRoundSettlement } from './rounds.settlement.ts';
import { createRoundStakes } from './rounds.stakes.ts';
import { fairnessOf, toBetWire, toRoundWire } from './rounds.wire.ts';

export interface RoundsDeps {
  /** Players' bets, cash-outs and reads (the main pool). */
  repo: RoundsRepo;
  /**
   * The round clock's statements (ticks, opening, starting and settling rounds) on a pool of their
   * own, so that they never queue behind players' requests (docs/games.md §5). Absent: `repo`.
   */
  clockRepo?: RoundsRepo;
  ledger: Ledger;
  playGate: PlayGate;
  settings: RoundsSettings;
  projects: () => ProjectConfig[];
  projectById: (id: number) => ProjectConfig | undefined;
  /** Sends a round event to every subscriber of the project on every node (the bus). */
  publish: (projectId: number, event: RoundEvent) => Promise<void>;
  /**
   * Tells the other nodes whether this node has crash cash-outs of the project settling (the bus),
   * so that the clock's node, wherever it is, holds a round's end for them. Absent: one node.
   */
  announceCashOuts?: (projectId: number, inFlight: boolean) => void;
  /** The nodes' bus: a stake range saved on one node evicts every node's copy. Absent: one node. */
  bus?: Bus;
  onError: (error: unknown, where: string) => void;
  /** Group commit of manual cash-outs (ROUNDS_CASH_OUT_BATCHES_IN_FLIGHT, ROUNDS_CASH_OUT_BATCH_MAX). */
  cashOutBatches: { inFlight: number; maxSize: number };
  /** Group commit of round bets (ROUNDS_BET_BATCHES_IN_FLIGHT, ROUNDS_BET_BATCH_MAX). */
  betBatches: { inFlight: number; maxSize: number };
}

/**
 * Crash and wingo (docs/games.md §5): the parts composed — the clock (`rounds.clock.ts`), bets
 * (`rounds.bets.ts`), cash-outs (`rounds.cash-outs.ts`), their settlement and ledger postings, the
 * broadcast — and the players' and the console's reads.
 */
export function createRoundsService(deps: RoundsDeps) {
  const { repo, ledger, settings, playGate, onError } = deps;
  const clockRepo = deps.clockRepo ?? repo;
  const growthPerMs = settings.crashGrowthPerMs;

  const accounts = createRoundAccounts({ repo, ledger });
  const broadcast = createRoundsBroadcast({ repo, settings, publish: deps.publish, onError });
  const settlement = createRoundSettlement({ repo, ledger, playGate, accounts, onError });
  const cashOuts = createRoundCashOuts({
    repo,
    ledger,
    playGate,
    crashGrowthPerMs: growthPerMs,
    accounts,
    settlement,
    broadcast,
    batches: deps.cashOutBatches,
    announceCashOuts: deps.announceCashOuts,
    onError,
  });
  const clock = createRoundClock({
    repo,
    clockRepo,
    settings,
    projects: deps.projects,
    broadcast,
    settlement,
    cashOutsInFlight: cashOuts.inFlight,
    onError,
  });
  /** The project's stake ranges: a bet outside its range is refused (702) before anything is held. */
  const stakes = createRoundStakes({
    repo,
    defaults: { min: settings.minStake, max: settings.maxStake },
    assetsOf: (projectId) => {
      const project = deps.projectById(projectId);
      return project ? walletAssets(project) : [];
    },
    ...(deps.bus ? { bus: deps.bus } : {}),
    log: (error, message) => onError(error, message),
  });
  const bets = createRoundBets({
    repo,
    ledger,
    playGate,
    accounts,
    broadcast,
    stakes,
    projectById: deps.projectById,
    batches: deps.betBatches,
    onError,
  });

  return {
    /** Settled wager per player and asset in [from, to) (read by the rewards module's rebate job). */
    wagerTotals: (projectId: number, from: Date, to: Date) => repo.wagerTotals(repo.db, projectId, from, to),
    tick: clock.tick,
    openRound: clock.openRound,
    finishRound: clock.finishRound,
    /** Sends the bets queued for the broadcast now (at shutdown; otherwise within ROUNDS_BETS_FLUSH_MS). */
    flushBets: () => broadcast.flushBets(),
    /** Another node's announcement of its cash-outs in flight (the bus; not this node's own). */
    noteRemoteCashOuts: (message: CashOutsInFlightMessage) => cashOuts.inFlight.noteRemote(message),
    /** At shutdown: this node's busy projects announced settled, its pending announcements dropped. */
    closeCashOuts: () => cashOuts.inFlight.close(),

    async crashBet(
      session: Session,
      input: { betId: string; asset: Asset; amount: bigint; autoCashOut?: number | undefined },
    ) {
      return bets.placeBet(session, {
        ...input,
        game: 'crash',
        pick: null,
        autoCashOut: input.autoCashOut ?? null,
      });
    },

    async wingoBet(
      session: Session,
      input: { betId: string; game: WingoGame; asset: Asset; amount: bigint; pick: string },
    ) {
      if (!parseWingoPick(input.pick)) throw badParameter('pick: unknown');
      return bets.placeBet(session, { ...input, autoCashOut: null });
    },

    crashCashOut: cashOuts.crashCashOut,

    async state(session: Session, game: RoundGame): Promise<RoundStateResponse> {
      // Two steps of reads side by side (the page waits for this on opening): what does not depend
      // on the live round, then what does.
      const [now, round, recent, limits] = await Promise.all([
        repo.now(repo.db),
        repo.liveRound(repo.db, session.projectId, game),
        repo.recentRounds(repo.db, session.projectId, game, RECENT_ROUNDS),
        stakes.limits(session.projectId, game),
      ]);
      const roundKey = round?.id.toString();
      const [roundBets, tallies, chain] = await Promise.all([
        round ? repo.roundBets(repo.db, round.id, 200) : [],
        roundKey ? repo.tallies(repo.db, [roundKey]) : null,
        round ? repo.chainById(repo.db, round.chainId) : repo.activeChain(repo.db, session.projectId, game),
      ]);
      return {
        round: round ? toRoundWire(round, now, growthPerMs) : null,
        bets: round ? roundBets.map((bet) => toBetWire(bet, round.period)) : [],
        tally: (roundKey && tallies?.get(roundKey)) || NO_BETS_TALLY,
        recent: recent.map((row) => toRoundWire(row, now, growthPerMs)),
        fairness: chain ? fairnessOf(chain) : null,
        stakes: limits,
      };
    },

    /** Crash's and wingo's stake ranges in every asset of a project (the console). */
    stakeRanges: (projectId: number) => stakes.list(projectId),
    /** An admin sets a round game's stake range in an asset of the project (audited). */
    setStakeRange: stakes.set,
    /** An admin puts a round game's stake range in an asset back to the server's defaults (audited). */
    resetStakeRange: stakes.reset,
    /** Stops listening for other nodes' stake range changes. */
    closeStakes: () => stakes.close(),

    async history(session: Session, game: RoundGame, limit: number) {
      const [now, rows] = await Promise.all([
        repo.now(repo.db),
        repo.recentRounds(repo.db, session.projectId, game, limit),
      ]);
      // The rounds' chains, so that a page spanning a used-up chain and its successor verifies each
      // round against its own terminating hash and salt.
      const chainIds = [...new Set(rows.map((row) => row.chainId))];
      const chains = await Promise.all(chainIds.map((id) => repo.chainById(repo.db, id)));
      return {
        items: rows.map((row) => toRoundWire(row, now, growthPerMs)),
        chains: chains.flatMap((chain) => (chain ? [fairnessOf(chain)] : [])),
      };
    },

    async myBets(session: Session, game: RoundGame, limit: number) {
      const rows = await repo.userBets(repo.db, session.userId, game, limit);
      return {
        items: rows
          .filter((row) => row.projectId === session.projectId)
          .map((row) => toBetWire(row, row.period)),
      };
    },

    /** Each round game's current chain of a project: fairness data and rounds played (the console). */
    async chainStatus(projectId: number) {
      return Promise.all(
        ROUND_GAMES.map(async (game) => {
          const chain = await repo.activeChain(repo.db, projectId, game);
          return {
            game,
            fairness: chain ? fairnessOf(chain) : null,
            roundsPlayed: chain ? chain.nextRound - 1 : 0,
          };
        }),
      );
    },

    /** Settled round bets per local day, game and asset of a project (the console's GGR report). */
    dailyTotals: (query: { projectId: number; timeZone: string; from: string; to: string }) =>
      repo.dailyTotals(repo.db, query),

    /**
     * Fixes a chain's salt once (admin). `audit`: the line the caller keeps of it (the console's
     * `console.rounds.salt`), written in the same transaction as the salt: both commit or neither.
     */
    async setSalt(
      session: Session,
      input: { game: RoundGame; terminatingHash: string; salt: string; source: string },
      audit?: AuditEntry,
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      return repo.transaction(async (tx) => {
        const chain = await repo.chainByTerminating(tx, session.projectId, input.game, input.terminatingHash);
        if (!chain) throw notFound();
        if (!(await repo.setSalt(tx, chain.id, input.salt, input.source)))
          throw new AppError(ErrorCode.RoundSaltFixed);
        if (audit) await writeAudit(tx, audit);
        clock.saltFixed(session.projectId, input.game);
        return fairnessOf({ ...chain, salt: input.salt, saltSource: input.source });
      });
    },
  };
}
export type RoundsService = ReturnType<typeof createRoundsService>;
