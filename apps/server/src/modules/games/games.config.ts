import {
  type Asset,
  ErrorCode,
  GAME_EDGE_BOUNDS,
  type GameConfigWire,
  type GameIdWire,
  type ProjectConfig,
  tryParseAmount,
} from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Bus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { OutboxLog } from '../../platform/outbox.ts';
import { createProjectCache } from '../../platform/project-cache.ts';
import type { ConfigRow, GamesRepo } from './games.repo.ts';
import { configWire } from './games.wire.ts';

/** How long a node bets against its copy of a project's game settings if a change's bus message is lost. */
const CONFIG_TTL_MS = 5_000;
/** Bus channel on which the node that saved a project's game settings tells every node (message: project id). */
export const GAMES_CONFIG_CHANNEL = 'games.config';

function requireAdmin(session: Session): void {
  if (session.staffRole !== 'admin') throw noPermission();
}

/**
 * A project's game settings per game and asset (switch, stake range, max payout, the edge of mines
 * and fruit bomb): read by every bet from a per-project cache that a change on any node evicts
 * (platform/project-cache.ts), changed by an admin (audited).
 */
export function createGamesConfig(deps: {
  repo: GamesRepo;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  log: OutboxLog;
  bus?: Bus | undefined;
}) {
  const { repo, clock } = deps;
  const configs = createProjectCache({
    read: (projectId) => repo.configs(repo.db, projectId),
    ttlMs: CONFIG_TTL_MS,
    ...(deps.bus ? { bus: { bus: deps.bus, channel: GAMES_CONFIG_CHANNEL } } : {}),
    log: deps.log,
  });
  const configsOf = (projectId: number): Promise<ConfigRow[]> => configs.get(projectId);

  return {
    /** A project's settings as its bets see them. */
    configsOf,

    /** A game's settings in an asset for a bet: refused (10006) when the game is off or not offered. */
    async configOf(projectId: number, game: GameIdWire, asset: Asset): Promise<ConfigRow> {
      const config = (await configsOf(projectId)).find((row) => row.game === game && row.asset === asset);
      if (!config?.enabled) throw new AppError(ErrorCode.GameUnavailable, `${game} in ${asset}`);
      return config;
    },

    async config(session: Session): Promise<{ items: GameConfigWire[] }> {
      requireAdmin(session);
      return { items: (await repo.configs(repo.db, session.projectId)).map(configWire) };
    },

    async updateConfig(
      session: Session,
      input: {
        game: GameIdWire;
        asset: Asset;
        enabled: boolean;
        minBet: string;
        maxBet: string;
        maxPayout: string;
        edgeBp: number | null;
      },
      ip: string | null,
    ): Promise<GameConfigWire> {
      requireAdmin(session);
      const local = deps.projectById(session.projectId)?.currency;
      // Games are played in the project's own currency or in YEC (spec §1 Reading B).
      if (input.asset !== local && input.asset !== 'YEC') throw badParameter(`asset: ${local} or YEC`);
      const amount = (field: string, text: string) => {
        const value = tryParseAmount(text, input.asset);
        if (value === null || value <= 0n) throw badParameter(`${field}: a positive ${input.asset} amount`);
        return value;
      };
      const row: ConfigRow = {
        projectId: session.projectId,
        game: input.game,
        asset: input.asset,
        enabled: input.enabled,
        minBet: amount('minBet', input.minBet),
        maxBet: amount('maxBet', input.maxBet),
        maxPayout: amount('maxPayout', input.maxPayout),
        edgeBp: input.edgeBp,
      };
      if (row.maxBet < row.minBet) throw badParameter('maxBet: at least minBet');
      if (row.maxPayout < row.maxBet) throw badParameter('maxPayout: at least maxBet');
      if (input.game === 'mines' || input.game === 'fruit-bomb') {
        const bounds = GAME_EDGE_BOUNDS[input.game];
        if (input.edgeBp === null || input.edgeBp < bounds.min || input.edgeBp > bounds.max)
          throw badParameter(`edgeBp: ${bounds.min} to ${bounds.max}`);
      } else if (input.edgeBp !== null) throw badParameter(`edgeBp: ${input.game} has a fixed edge (null)`);
      await repo.transaction(async (tx) => {
        await repo.saveConfig(tx, row, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'games.config',
          objectType: 'game_config',
          objectId: `${input.game}:${input.asset}`,
          after: { ...input },
          ip,
        });
      });
      await configs.changed(session.projectId);
      return configWire(row);
    },

    /** Stops listening for other nodes' settings changes. */
    close: () => configs.close(),
  };
}

export type GamesConfig = ReturnType<typeof createGamesConfig>;
