import { randomBytes } from 'node:crypto';
import {
  type Asset,
  ErrorCode,
  formatAmount,
  isAsset,
  type LocalCurrency,
  type ProjectConfig,
  type RewardHistoryItem,
  type WheelSpinWire,
  type WheelState,
} from '@payhub/contracts';
import { commitServerSeed, WHEEL_SEGMENTS, wheelPrize, wheelSegment } from '@payhub/games';
import { accounts, type Ledger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import type { GiftsRepo, WheelSeedRow, WheelSpinRow } from './rewards.gifts.repo.ts';
import type { Executor } from './rewards.repo.ts';

/** Ledger code of a wheel prize (docs/payments.md "Rewards"). */
export const WHEEL_LEDGER_CODE = 'wheel_prize';
export const wheelTransferId = (spinId: number) => `rw:wheel:${spinId}`;
const HISTORY_LIMIT = 20;
const REWARD_HISTORY_LIMIT = 100;

export interface WheelDeps {
  repo: GiftsRepo;
  ledger: Ledger;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
}

function newPair(): { serverSeed: string; serverSeedHash: string; clientSeed: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    serverSeed,
    serverSeedHash: commitServerSeed(serverSeed),
    clientSeed: randomBytes(8).toString('hex'),
  };
}

function spinWire(row: WheelSpinRow): WheelSpinWire {
  const asset = row.asset as Asset;
  return {
    id: row.id,
    segment: row.segment,
    asset,
    prize: formatAmount(row.prize, asset),
    serverSeedHash: row.serverSeedHash,
    // The server seed stays secret until the player rotates the pair.
    serverSeed: row.seedState === 'revealed' ? row.serverSeed : null,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    spunAt: unixSeconds(row.spunAt),
  };
}

/**
 * The reward wheel (issue 17; docs/games.md "Wheel"). The rewards module keeps each player's own wheel
 * seed pair (active + next, like the games' pairs but not sharing their nonces, so a spin never moves a
 * game's nonce): a spin locks the pair, takes the oldest unspent credit, lands on
 * wheelSegment(serverSeed, clientSeed, nonce) and pays the segment's prize from the bonus pool, all in
 * one transaction; the player's spin id makes a retry answer the first spin.
 */
export function createWheel(deps: WheelDeps) {
  const { repo, ledger, clock } = deps;

  function currencyOf(projectId: number): LocalCurrency {
    const project = deps.projectById(projectId);
    if (!project) throw notFound('project');
    return project.currency;
  }

  /** The player's active and next pairs, created on first use. */
  async function ensureSeeds(
    executor: Executor,
    playerId: number,
  ): Promise<{ active: WheelSeedRow; next: WheelSeedRow }> {
    for (const state of ['active', 'next'] as const) {
      const existing = await repo.seeds(executor, playerId);
      if (!existing.some((row) => row.state === state))
        await repo.insertSeed(executor, { playerId, state, ...newPair(), at: clock.now() });
    }
    return pairsOf(await repo.seeds(executor, playerId));
  }

  function pairsOf(rows: WheelSeedRow[]): { active: WheelSeedRow; next: WheelSeedRow } {
    const active = rows.find((row) => row.state === 'active');
    const next = rows.find((row) => row.state === 'next');
    if (!active || !next) throw new Error('wheel seed pairs missing');
    return { active, next };
  }

  const seedWire = ({ active, next }: { active: WheelSeedRow; next: WheelSeedRow }) => ({
    serverSeedHash: active.serverSeedHash,
    nextServerSeedHash: next.serverSeedHash,
    clientSeed: active.clientSeed,
    nonce: active.nonce,
  });

  return {
    async state(session: Session): Promise<WheelState> {
      const currency = currencyOf(session.projectId);
      const [pairs, spins, history] = await Promise.all([
        ensureSeeds(repo.db, session.userId),
        repo.unspentSpins(repo.db, session.userId),
        repo.spins(repo.db, session.userId, HISTORY_LIMIT),
      ]);
      return {
        asset: currency,
        spins,
        segments: WHEEL_SEGMENTS.map((segment, index) => ({
          index,
          weight: segment.weight,
          prize: formatAmount(segment.prize[currency], currency),
        })),
        seed: seedWire(pairs),
        history: history.map(spinWire),
      };
    },

    /** One spin (4014 without a credit); the same spin id answers the same spin and pays nothing more. */
    async spin(session: Session, spinKey: string): Promise<{ spin: WheelSpinWire; spins: number }> {
      const currency = currencyOf(session.projectId);
      await ensureSeeds(repo.db, session.userId);
      const spin = await repo.transaction(async (tx) => {
        // The pair's rows locked: a player's spins and rotations queue here.
        const { active } = pairsOf(await repo.seeds(tx, session.userId, true));
        const replay = await repo.spinByKey(tx, session.userId, spinKey);
        if (replay) return replay;
        const credit = await repo.takeCredit(tx, session.userId);
        if (!credit) throw new AppError(ErrorCode.NoWheelSpins);
        const segment = wheelSegment({
          serverSeed: active.serverSeed,
          clientSeed: active.clientSeed,
          nonce: active.nonce,
        });
        const prize = wheelPrize(segment, currency);
        const transferId = wheelTransferId(credit.id);
        await repo.recordSpin(tx, {
          id: credit.id,
          spinKey,
          seedId: active.id,
          nonce: active.nonce,
          segment,
          asset: currency,
          prize,
          transferId,
          at: clock.now(),
        });
        const pool = await ledger.account(tx, accounts.bonusPool(credit.projectId, currency));
        const wallet = await ledger.account(tx, accounts.player(credit.projectId, session.userId, currency));
        await ledger.transfer(tx, {
          id: transferId,
          debitAccountId: pool.id,
          creditAccountId: wallet.id,
          amount: prize,
          code: WHEEL_LEDGER_CODE,
          reference: { type: 'wheel_spin', id: String(credit.id) },
        });
        const recorded = await repo.spinByKey(tx, session.userId, spinKey);
        if (!recorded) throw new Error('the spin just recorded is missing');
        return recorded;
      });
      return { spin: spinWire(spin), spins: await repo.unspentSpins(repo.db, session.userId) };
    },

    /** Reveals the active pair; the next pair becomes active (with the player's client seed if given). */
    async rotate(session: Session, clientSeed: string | undefined) {
      await ensureSeeds(repo.db, session.userId);
      return repo.transaction(async (tx) => {
        const { active, next } = pairsOf(await repo.seeds(tx, session.userId, true));
        await repo.revealSeed(tx, active.id, clock.now());
        await repo.activateSeed(tx, next.id, clientSeed ?? null);
        await repo.insertSeed(tx, { playerId: session.userId, state: 'next', ...newPair(), at: clock.now() });
        const pairs = pairsOf(await repo.seeds(tx, session.userId));
        return {
          revealed: {
            serverSeed: active.serverSeed,
            serverSeedHash: active.serverSeedHash,
            clientSeed: active.clientSeed,
            spins: active.nonce,
          },
          seed: seedWire(pairs),
        };
      });
    },

    /** The rewards this module paid the player, newest first. */
    async history(session: Session): Promise<{ items: RewardHistoryItem[] }> {
      const rows = await repo.history(repo.db, session.userId, REWARD_HISTORY_LIMIT);
      return {
        items: rows
          .filter((row) => isAsset(row.asset))
          .map((row) => ({
            kind: row.kind,
            asset: row.asset as Asset,
            amount: formatAmount(row.amount, row.asset as Asset),
            at: unixSeconds(row.at),
            detail: row.detail,
          })),
      };
    },
  };
}
export type Wheel = ReturnType<typeof createWheel>;
