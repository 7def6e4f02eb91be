import type { RewardKind } from '@payhub/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Executor } from './rewards.repo.ts';

type Raw = Record<string, unknown>;

export interface GiftCodeRow {
  id: number;
  projectId: number;
  code: string;
  kind: 'amount' | 'spins';
  asset: string;
  amount: bigint | null;
  spins: number | null;
  maxRedemptions: number;
  perPlayer: number;
  newUsersOnly: boolean;
  depositRequired: boolean;
  startsAt: Date | null;
  expiresAt: Date;
  networks: string[];
  active: boolean;
  redeemed: number;
  createdBy: number;
  createdAt: Date;
}

export interface GiftRedemptionRow {
  id: number;
  playerId: number;
  asset: string;
  amount: bigint | null;
  spins: number | null;
  createdAt: Date;
}

export interface WheelSeedRow {
  id: number;
  state: 'active' | 'next' | 'revealed';
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface WheelSpinRow {
  id: number;
  segment: number;
  asset: string;
  prize: bigint;
  seedId: number;
  nonce: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  seedState: string;
  spunAt: Date;
}

const bigOrNull = (value: unknown) => (value === null || value === undefined ? null : BigInt(String(value)));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const toCode = (row: Raw): GiftCodeRow => ({
  id: Number(row.id),
  projectId: Number(row.project_id),
  code: String(row.code),
  kind: row.kind === 'spins' ? 'spins' : 'amount',
  asset: String(row.asset),
  amount: bigOrNull(row.amount),
  spins: numOrNull(row.spins),
  maxRedemptions: Number(row.max_redemptions),
  perPlayer: Number(row.per_player),
  newUsersOnly: row.new_users_only === true,
  depositRequired: row.deposit_required === true,
  startsAt: row.starts_at ? new Date(String(row.starts_at)) : null,
  expiresAt: new Date(String(row.expires_at)),
  networks: Array.isArray(row.networks) ? row.networks.map(String) : [],
  active: row.active === true,
  redeemed: Number(row.redeemed),
  createdBy: Number(row.created_by),
  createdAt: new Date(String(row.created_at)),
});

const CODE_COLUMNS = sql.raw(
  `id, project_id, code, kind, asset, amount::text AS amount, spins, max_redemptions, per_player, new_users_only,
   deposit_required, starts_at, expires_at, networks, active, redeemed, created_by, created_at`,
);

const toSeed = (row: Raw): WheelSeedRow => ({
  id: Number(row.id),
  state: row.state as WheelSeedRow['state'],
  serverSeed: String(row.server_seed),
  serverSeedHash: String(row.server_seed_hash),
  clientSeed: String(row.client_seed),
  nonce: Number(row.nonce),
});

const toSpin = (row: Raw): WheelSpinRow => ({
  id: Number(row.id),
  segment: Number(row.segment),
  asset: String(row.asset),
  prize: BigInt(String(row.prize)),
  seedId: Number(row.seed_id),
  nonce: Number(row.nonce),
  serverSeed: String(row.server_seed),
  serverSeedHash: String(row.server_seed_hash),
  clientSeed: String(row.client_seed),
  seedState: String(row.state),
  spunAt: new Date(String(row.spun_at)),
});

const SPIN_SELECT = sql.raw(
  `SELECT sp.id, sp.segment, sp.asset, sp.prize::text AS prize, sp.seed_id, sp.nonce, sp.spun_at,
     se.server_seed, se.server_seed_hash, se.client_seed, se.state
   FROM rewards_wheel_spins sp JOIN rewards_wheel_seeds se ON se.id = sp.seed_id`,
);

/** Gift codes (amount or spins) and the wheel: the rewards module's tables of issue 17's second part. */
export function createGiftsRepo(db: Db) {
  return {
    db: db as Executor,
    transaction<T>(action: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => action(tx));
    },

    // --- Codes ---

    /** Creates a code; null when the project already has it. */
    async insertCode(
      executor: Executor,
      row: Omit<GiftCodeRow, 'id' | 'active' | 'redeemed'>,
    ): Promise<number | null> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_gift_codes (project_id, code, kind, asset, amount, spins, max_redemptions, per_player,
          new_users_only, deposit_required, starts_at, expires_at, networks, created_by, created_at)
        VALUES (${row.projectId}, ${row.code}, ${row.kind}, ${row.asset},
          ${row.amount === null ? null : row.amount.toString()}::bigint, ${row.spins}, ${row.maxRedemptions},
          ${row.perPlayer}, ${row.newUsersOnly}, ${row.depositRequired},
          ${row.startsAt ? row.startsAt.toISOString() : null}::timestamptz, ${row.expiresAt.toISOString()}::timestamptz,
          ${`{${row.networks.join(',')}}`}::text[], ${row.createdBy}, ${row.createdAt.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING id`);
      return result.rows[0] ? Number(result.rows[0].id) : null;
    },
    /** The code of a project, its row locked when `lock`: redemptions of one code queue here. */
    async code(
      executor: Executor,
      projectId: number,
      code: string,
      lock = false,
    ): Promise<GiftCodeRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${CODE_COLUMNS} FROM rewards_gift_codes WHERE project_id = ${projectId} AND code = ${code}
        ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows[0] ? toCode(result.rows[0]) : null;
    },
    async codeById(executor: Executor, projectId: number, id: number): Promise<GiftCodeRow | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${CODE_COLUMNS} FROM rewards_gift_codes WHERE project_id = ${projectId} AND id = ${id}`);
      return result.rows[0] ? toCode(result.rows[0]) : null;
    },
    /** Whether another project has a code of that name (8001 rather than 8010). */
    async existsElsewhere(executor: Executor, projectId: number, code: string): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        SELECT 1 FROM rewards_gift_codes WHERE code = ${code} AND project_id <> ${projectId} LIMIT 1`);
      return result.rows.length > 0;
    },
    /** A page of a project's codes, newest first, optionally those whose name contains `search`. */
    async listCodes(
      executor: Executor,
      input: { projectId: number; search: string | null; beforeId: number | null; count: number },
    ): Promise<GiftCodeRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT ${CODE_COLUMNS} FROM rewards_gift_codes
        WHERE project_id = ${input.projectId}
          ${input.search ? sql`AND strpos(code, ${input.search}) > 0` : sql``}
          ${input.beforeId === null ? sql`` : sql`AND id < ${input.beforeId}`}
        ORDER BY id DESC LIMIT ${input.count}`);
      return result.rows.map(toCode);
    },
    /** Deactivates a code (once); false when it was already inactive. */
    async deactivate(
      executor: Executor,
      projectId: number,
      id: number,
      by: number,
      at: Date,
    ): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        UPDATE rewards_gift_codes SET active = false, deactivated_by = ${by}, deactivated_at = ${at.toISOString()}::timestamptz
        WHERE project_id = ${projectId} AND id = ${id} AND active RETURNING id`);
      return result.rows.length === 1;
    },
    async redemptions(
      executor: Executor,
      input: { codeId: number; beforeId: number | null; count: number },
    ): Promise<GiftRedemptionRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT id, player_id, asset, amount::text AS amount, spins, created_at FROM rewards_gift_redemptions
        WHERE code_id = ${input.codeId} ${input.beforeId === null ? sql`` : sql`AND id < ${input.beforeId}`}
        ORDER BY id DESC LIMIT ${input.count}`);
      return result.rows.map((row) => ({
        id: Number(row.id),
        playerId: Number(row.player_id),
        asset: String(row.asset),
        amount: bigOrNull(row.amount),
        spins: numOrNull(row.spins),
        createdAt: new Date(String(row.created_at)),
      }));
    },
    async redemptionsOf(executor: Executor, codeId: number, playerId: number): Promise<number> {
      const result = await executor.execute<Raw>(sql`
        SELECT count(*)::int AS count FROM rewards_gift_redemptions WHERE code_id = ${codeId} AND player_id = ${playerId}`);
      return Number(result.rows[0]?.count ?? 0);
    },
    /** Records the devices (session client ids) a player redeems from, as abuse signals. */
    async saveDevices(
      executor: Executor,
      projectId: number,
      playerId: number,
      devices: readonly string[],
      at: Date,
    ): Promise<void> {
      for (const device of devices)
        await executor.execute(sql`
          INSERT INTO rewards_signals (player_id, project_id, kind, value, seen_at)
          VALUES (${playerId}, ${projectId}, 'device', ${device.slice(0, 200)}, ${at.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`);
    },
    /** Other players who redeemed a code and share a device signal with `playerId`. */
    async deviceSharers(executor: Executor, codeId: number, playerId: number): Promise<number[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT DISTINCT r.player_id FROM rewards_gift_redemptions r
          JOIN rewards_signals o ON o.player_id = r.player_id AND o.kind = 'device'
          JOIN rewards_signals s ON s.kind = 'device' AND s.value = o.value AND s.project_id = o.project_id
         WHERE r.code_id = ${codeId} AND s.player_id = ${playerId} AND r.player_id <> ${playerId}
         ORDER BY r.player_id`);
      return result.rows.map((row) => Number(row.player_id));
    },
    /**
     * Serialises a player's redemptions of spin codes until the transaction ends: "one bonus code at
     * a time" reads the unspent spins, and two codes redeemed at once each lock only their own row.
     */
    async lockSpinCodes(executor: Executor, playerId: number): Promise<void> {
      await executor.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rewards:spin-codes:${playerId}`}, 0))`,
      );
    },
    /** Records a redemption, counts it on its code and, for spins, grants the player's spin credits. */
    async insertRedemption(
      executor: Executor,
      row: {
        codeId: number;
        playerId: number;
        projectId: number;
        asset: string;
        amount: bigint | null;
        spins: number | null;
        at: Date;
      },
    ): Promise<{ id: number; transferId: string | null }> {
      const next = await executor.execute<Raw>(sql`SELECT nextval('rewards_gift_redemptions_id_seq') AS id`);
      const id = Number(next.rows[0]!.id);
      const transferId = row.amount === null ? null : `rw:gift:${id}`;
      await executor.execute(
        sql`UPDATE rewards_gift_codes SET redeemed = redeemed + 1 WHERE id = ${row.codeId}`,
      );
      await executor.execute(sql`
        INSERT INTO rewards_gift_redemptions (id, code_id, player_id, project_id, asset, amount, spins, transfer_id, created_at)
        VALUES (${id}, ${row.codeId}, ${row.playerId}, ${row.projectId}, ${row.asset},
          ${row.amount === null ? null : row.amount.toString()}::bigint, ${row.spins}, ${transferId},
          ${row.at.toISOString()}::timestamptz)`);
      if (row.spins !== null)
        await executor.execute(sql`
          INSERT INTO rewards_wheel_spins (player_id, project_id, redemption_id, granted_at)
          SELECT ${row.playerId}, ${row.projectId}, ${id}, ${row.at.toISOString()}::timestamptz
          FROM generate_series(1, ${row.spins})`);
      return { id, transferId };
    },

    // --- Wheel ---

    async unspentSpins(executor: Executor, playerId: number): Promise<number> {
      const result = await executor.execute<Raw>(sql`
        SELECT count(*)::int AS count FROM rewards_wheel_spins WHERE player_id = ${playerId} AND spun_at IS NULL`);
      return Number(result.rows[0]?.count ?? 0);
    },
    /** The player's active and next seed pairs, locked when `lock` (spins and rotations of a player queue here). */
    async seeds(executor: Executor, playerId: number, lock = false): Promise<WheelSeedRow[]> {
      const result = await executor.execute<Raw>(sql`
        SELECT id, state, server_seed, server_seed_hash, client_seed, nonce FROM rewards_wheel_seeds
        WHERE player_id = ${playerId} AND state <> 'revealed' ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`);
      return result.rows.map(toSeed);
    },
    /** Inserts a pair in a state unless the player has one there; false when it existed. */
    async insertSeed(
      executor: Executor,
      row: {
        playerId: number;
        state: 'active' | 'next';
        serverSeed: string;
        serverSeedHash: string;
        clientSeed: string;
        at: Date;
      },
    ): Promise<boolean> {
      const result = await executor.execute<Raw>(sql`
        INSERT INTO rewards_wheel_seeds (player_id, state, server_seed, server_seed_hash, client_seed, created_at)
        VALUES (${row.playerId}, ${row.state}, ${row.serverSeed}, ${row.serverSeedHash}, ${row.clientSeed},
          ${row.at.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING id`);
      return result.rows.length === 1;
    },
    async revealSeed(executor: Executor, id: number, at: Date): Promise<void> {
      await executor.execute(sql`
        UPDATE rewards_wheel_seeds SET state = 'revealed', revealed_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`);
    },
    async activateSeed(executor: Executor, id: number, clientSeed: string | null): Promise<void> {
      await executor.execute(sql`
        UPDATE rewards_wheel_seeds SET state = 'active', client_seed = coalesce(${clientSeed}, client_seed) WHERE id = ${id}`);
    },
    async spinByKey(executor: Executor, playerId: number, spinKey: string): Promise<WheelSpinRow | null> {
      const result = await executor.execute<Raw>(
        sql`${SPIN_SELECT} WHERE sp.player_id = ${playerId} AND sp.spin_key = ${spinKey}`,
      );
      return result.rows[0] ? toSpin(result.rows[0]) : null;
    },
    /** The player's oldest unspent credit, locked. */
    async takeCredit(
      executor: Executor,
      playerId: number,
    ): Promise<{ id: number; projectId: number } | null> {
      const result = await executor.execute<Raw>(sql`
        SELECT id, project_id FROM rewards_wheel_spins WHERE player_id = ${playerId} AND spun_at IS NULL
        ORDER BY id LIMIT 1 FOR UPDATE`);
      const row = result.rows[0];
      return row ? { id: Number(row.id), projectId: Number(row.project_id) } : null;
    },
    async recordSpin(
      executor: Executor,
      row: {
        id: number;
        spinKey: string;
        seedId: number;
        nonce: number;
        segment: number;
        asset: string;
        prize: bigint;
        transferId: string;
        at: Date;
      },
    ): Promise<void> {
      await executor.execute(sql`
        UPDATE rewards_wheel_spins SET spin_key = ${row.spinKey}, seed_id = ${row.seedId}, nonce = ${row.nonce},
          segment = ${row.segment}, asset = ${row.asset}, prize = ${row.prize.toString()}::bigint,
          transfer_id = ${row.transferId}, spun_at = ${row.at.toISOString()}::timestamptz
        WHERE id = ${row.id} AND spun_at IS NULL`);
      await executor.execute(sql`UPDATE rewards_wheel_seeds SET nonce = nonce + 1 WHERE id = ${row.seedId}`);
    },
    async spins(executor: Executor, playerId: number, limit: number): Promise<WheelSpinRow[]> {
      const result = await executor.execute<Raw>(
        sql`${SPIN_SELECT} WHERE sp.player_id = ${playerId} AND sp.spun_at IS NOT NULL ORDER BY sp.spun_at DESC, sp.id DESC LIMIT ${limit}`,
      );
      return result.rows.map(toSpin);
    },

    // --- Reward history (this module's rewards, newest first) ---

    async history(executor: Executor, playerId: number, limit: number) {
      const result = await executor.execute<Raw>(sql`
        SELECT * FROM (
          SELECT 'rebate' AS kind, asset, amount::text AS amount, created_at AS at,
            to_char(day, 'YYYY-MM-DD') || ' · ' || level AS detail
          FROM rewards_rebates WHERE referrer_id = ${playerId} AND amount > 0
          UNION ALL
          SELECT 'checkin', asset, amount::text, created_at, streak_day::text FROM rewards_checkins WHERE player_id = ${playerId}
          UNION ALL
          SELECT 'gift', r.asset, r.amount::text, r.created_at, c.code
          FROM rewards_gift_redemptions r JOIN rewards_gift_codes c ON c.id = r.code_id
          WHERE r.player_id = ${playerId} AND r.amount IS NOT NULL
          UNION ALL
          SELECT 'wheel', asset, prize::text, spun_at, segment::text FROM rewards_wheel_spins
          WHERE player_id = ${playerId} AND spun_at IS NOT NULL
          UNION ALL
          SELECT 'bonus', asset, amount::text, granted_at, kind FROM rewards_bonuses
          WHERE player_id = ${playerId} AND granted_at IS NOT NULL
        ) rewards ORDER BY at DESC LIMIT ${limit}`);
      return result.rows.map((row) => ({
        kind: String(row.kind) as RewardKind,
        asset: String(row.asset),
        amount: BigInt(String(row.amount)),
        at: new Date(String(row.at)),
        detail: String(row.detail),
      }));
    },
  };
}
export type GiftsRepo = ReturnType<typeof createGiftsRepo>;
