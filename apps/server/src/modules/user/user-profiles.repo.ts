import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';

/** A user as other modules see them: who they are and their promo / payment profile. */
export interface UserCard {
  id: number;
  projectId: number;
  nickname: string;
  phone: string;
  spaType: string | null;
  spaPay: boolean;
  leaderLevel: number;
  paymentRole: string | null;
  tier: string;
}

type Raw = Record<string, unknown>;

function toCard(row: Raw): UserCard {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    nickname: String(row.nickname),
    phone: String(row.phone),
    spaType: (row.spa_type as string | null) ?? null,
    spaPay: Boolean(row.spa_pay),
    leaderLevel: Number(row.leader_level ?? -1),
    paymentRole: (row.payment_role as string | null) ?? null,
    tier: String(row.tier ?? 'normal'),
  };
}

/** The user module's reads and writes of users / spa_profiles that other modules call (through the service). */
export const userProfilesRepo = {
  async cards(executor: Executor, ids: readonly number[]): Promise<UserCard[]> {
    if (ids.length === 0) return [];
    const result = await executor.execute<Raw>(sql`
      SELECT u.id, u.project_id, u.nickname, u.phone, p.spa_type, p.spa_pay, p.leader_level, p.payment_role, p.tier
        FROM users u LEFT JOIN spa_profiles p ON p.user_id = u.id
       WHERE u.id = ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[])`);
    return result.rows.map(toCard);
  },
  async setPromoRole(
    executor: Executor,
    userId: number,
    role: { leaderLevel: number; spaType: string | null },
  ): Promise<void> {
    await executor.execute(sql`
      UPDATE spa_profiles SET leader_level = ${role.leaderLevel}, spa_type = ${role.spaType} WHERE user_id = ${userId}`);
  },
};
