import {
  type Asset,
  type BetWire,
  type FeedBetWire,
  GAME_EDGE_BOUNDS,
  GAME_IDS,
  GAMES_FEED_SIZE,
  type GameIdWire,
  type GameInfoWire,
  GamesRealtimeRoute,
  type ProjectConfig,
} from '@payhub/contracts';
import { GAMES, type GameId } from '@payhub/games';
import type { Ledger } from '../../ledger/ledger.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { Outbox, OutboxLog } from '../../platform/outbox.ts';
import { createGameBets, type GamesPushes } from './games.bets.ts';
import { createGamesConfig } from './games.config.ts';
import type { ConfigRow, GamesRepo } from './games.repo.ts';
import { createSeedPairs } from './games.seeds.ts';
import { betWire, configWire, feedWire } from './games.wire.ts';

// The contracts' list and the rules' list are one list (a compile error here means they drifted).
const sameGames: Record<GameId, true> & Record<GameIdWire, true> = {
  dice: true,
  coinflip: true,
  roulette: true,
  mines: true,
  hilo: true,
  roller: true,
  'fruit-bomb': true,
};
void sameGames;

/** The realtime gateway as far as the games use it. */
export interface GamesRealtime {
  pushesVia(outbox: Outbox): GamesPushes;
  onStream(
    route: string,
    opener: (connection: { session: Session | null }) => Promise<readonly unknown[]>,
  ): void;
}

export interface GamesDeps {
  repo: GamesRepo;
  ledger: Ledger;
  clock: Clock;
  /** Responsible play: called in the bet's transaction before the stake is held and at settlement. */
  gate: PlayGate;
  realtime: GamesRealtime | null;
  projectById: (id: number) => ProjectConfig | undefined;
  /** The project's default game asset (wallet settings). */
  gameAsset: (session: Session) => Promise<Asset>;
  log: OutboxLog;
  /** Group commit of the bets that settle at once (GAMES_BET_BATCHES_IN_FLIGHT, GAMES_BET_BATCH_MAX). */
  batches: { inFlight: number; maxSize: number };
  /** The nodes' bus: a game's settings saved on one node evict every node's copy. Absent: one node. */
  bus?: Bus;
}

const MULTI_STEP: ReadonlySet<GameIdWire> = new Set(['mines', 'hilo', 'fruit-bomb']);

/** A game's return to player (basis points): the project's edge for mines and fruit bomb, else the rules'. */
function returnBpOf(game: GameIdWire, config: ConfigRow | undefined): number {
  if (game === 'mines') return 10_000 - (config?.edgeBp ?? GAME_EDGE_BOUNDS.mines.default);
  if (game === 'fruit-bomb') return 10_000 - (config?.edgeBp ?? GAME_EDGE_BOUNDS['fruit-bomb'].default);
  return GAMES[game].returnBp;
}

/**
 * The in-house games (docs/games.md §5): the parts composed — bets and their moves
 * (`games.bets.ts`), seed pairs (`games.seeds.ts`), the project's settings (`games.config.ts`) —
 * and the players' reads: the lobby, their bets, the live feed.
 */
export function createGamesService(deps: GamesDeps) {
  const { repo } = deps;
  const config = createGamesConfig({
    repo,
    clock: deps.clock,
    projectById: deps.projectById,
    log: deps.log,
    bus: deps.bus,
  });
  const seeds = createSeedPairs({ repo, clock: deps.clock });
  const realtime = deps.realtime;
  const bets = createGameBets({
    repo,
    ledger: deps.ledger,
    clock: deps.clock,
    gate: deps.gate,
    config,
    seeds,
    pushesVia: realtime ? (outbox) => realtime.pushesVia(outbox) : null,
    log: deps.log,
    batches: deps.batches,
  });

  const service = {
    async lobby(session: Session): Promise<{ gameAsset: Asset; assets: Asset[]; games: GameInfoWire[] }> {
      const configs = await config.configsOf(session.projectId);
      const assets = [...new Set(configs.map((row) => row.asset))];
      return {
        gameAsset: await deps.gameAsset(session),
        assets,
        games: GAME_IDS.map((game) => {
          const own = configs.filter((row) => row.game === game);
          return {
            game,
            multiStep: game === 'coinflip' ? true : MULTI_STEP.has(game),
            returnBp: returnBpOf(game, own[0]),
            configs: own.map(configWire),
          };
        }),
      };
    },

    seeds: seeds.seeds,
    setClientSeed: seeds.setClientSeed,
    rotateSeed: seeds.rotateSeed,

    bet: bets.bet,
    move: bets.move,
    cashOut: bets.cashOut,

    async open(session: Session, game: GameIdWire): Promise<{ bet: BetWire | null }> {
      const row = await repo.openBet(repo.db, session.userId, game);
      return { bet: row && row.projectId === session.projectId ? betWire(row) : null };
    },

    async myBets(
      session: Session,
      query: { game?: GameIdWire | undefined; cursor?: string | undefined; count: number },
    ): Promise<{ items: BetWire[]; nextCursor: string | null }> {
      const rows = await repo.bets(repo.db, {
        playerId: session.userId,
        game: query.game,
        before: query.cursor === undefined ? undefined : BigInt(query.cursor),
        limit: query.count + 1,
      });
      const page = rows.filter((row) => row.projectId === session.projectId).slice(0, query.count);
      return {
        items: page.map(betWire),
        nextCursor: rows.length > query.count ? (page.at(-1)?.seq.toString() ?? null) : null,
      };
    },

    async betDetail(session: Session, betId: string): Promise<BetWire> {
      const row = await repo.bet(repo.db, betId, session.userId);
      if (!row || row.projectId !== session.projectId) throw notFound('bet');
      return betWire(row);
    },

    async feed(session: Session, game: GameIdWire | undefined): Promise<{ items: FeedBetWire[] }> {
      const rows = await repo.feed(repo.db, session.projectId, game, GAMES_FEED_SIZE);
      return { items: rows.map(feedWire) };
    },

    /** Settled bets per local day, game and asset of a project (the console's GGR report reads this). */
    dailyTotals: (query: { projectId: number; timeZone: string; from: string; to: string }) =>
      repo.dailyTotals(repo.db, query),

    config: config.config,
    updateConfig: config.updateConfig,

    /** Settled wager per player and asset in [from, to) (read by the rewards module's rebate job). */
    wagerTotals: (projectId: number, from: Date, to: Date) => repo.wagerTotals(repo.db, projectId, from, to),

    /** Stops listening for other nodes' settings changes. */
    close: () => config.close(),

    /** The live feed's stream: a new subscriber first receives the project's latest settled bets. */
    attach(): void {
      realtime?.onStream(GamesRealtimeRoute.feed, async (connection) =>
        connection.session ? (await service.feed(connection.session, undefined)).items : [],
      );
    },
  };
  return service;
}
export type GamesService = ReturnType<typeof createGamesService>;
