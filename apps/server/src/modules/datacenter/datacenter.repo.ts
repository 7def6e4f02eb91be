import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/database.ts';
import { dcAttributions, dcTaskEvents } from './datacenter.schema.ts';

export const EventKind = { Apply: 1, Complete: 2, DepositFirst: 3, Deposit: 4 } as const;

/** Counts of one (day, promoter) or (lead) bucket. */
export interface Bucket {
  key: string;
  promoterId: number;
  applyCount: number;
  completeCount: number;
  depositFirstCount: number;
  depositAllCount: number;
  depositFirstAmount: bigint;
}

type EventRow = typeof dcTaskEvents.$inferInsert;

function toBuckets(rows: Array<Record<string, unknown>>): Bucket[] {
  return rows.map((row) => ({
    key: String(row.key ?? ''),
    promoterId: Number(row.promoter_id ?? 0),
    applyCount: Number(row.apply),
    completeCount: Number(row.complete),
    depositFirstCount: Number(row.first),
    depositAllCount: Number(row.deposits),
    depositFirstAmount: BigInt(String(row.first_amount ?? '0')),
  }));
}

const counts = sql`
  count(*) FILTER (WHERE kind = 1) AS apply,
  count(*) FILTER (WHERE kind = 2) AS complete,
  count(*) FILTER (WHERE kind = 3) AS first,
  count(*) FILTER (WHERE kind = 4) AS deposits,
  coalesce(sum(amount) FILTER (WHERE kind = 3), 0) AS first_amount`;

export function createDatacenterRepo(db: Db) {
  return {
    /** Records a registration's attribution and its events once (a replay changes nothing). */
    async recordRegistration(
      attribution: typeof dcAttributions.$inferInsert,
      events: EventRow[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(dcAttributions)
          .values(attribution)
          .onConflictDoNothing()
          .returning({ playerId: dcAttributions.playerId });
        if (inserted.length === 0) return false;
        if (events.length > 0) await tx.insert(dcTaskEvents).values(events).onConflictDoNothing();
        return true;
      });
    },
    attribution: async (playerId: number) =>
      (await db.select().from(dcAttributions).where(eq(dcAttributions.playerId, playerId)).limit(1))[0] ??
      null,
    /**
     * Counts a deposit of an attributed player: a deposit event always (once per reference) and
     * a first-deposit event for the first one. The attribution row lock orders concurrent deposits.
     */
    async recordDeposit(input: {
      playerId: number;
      amount: bigint;
      at: Date;
      localDay: string;
      reference: string;
    }): Promise<{ counted: boolean; first: boolean }> {
      return db.transaction(async (tx) => {
        const locked = await tx.execute<Record<string, unknown>>(sql`
          SELECT * FROM dc_attributions WHERE player_id = ${input.playerId} FOR UPDATE`);
        const attribution = locked.rows[0];
        if (!attribution) return { counted: false, first: false };
        const base = {
          projectId: Number(attribution.project_id),
          groupId: Number(attribution.group_id),
          promoterId: Number(attribution.promoter_id),
          leadId: attribution.lead_id == null ? null : Number(attribution.lead_id),
          playerId: input.playerId,
          at: input.at,
          localDay: input.localDay,
        };
        const deposit = await tx
          .insert(dcTaskEvents)
          .values({
            ...base,
            kind: EventKind.Deposit,
            amount: input.amount,
            sourceRef: `deposit:${input.reference}`,
          })
          .onConflictDoNothing()
          .returning({ id: dcTaskEvents.id });
        if (deposit.length === 0) return { counted: false, first: false };
        if (attribution.first_deposit_at != null) return { counted: true, first: false };
        await tx
          .update(dcAttributions)
          .set({ firstDepositAt: input.at, firstDepositRef: input.reference })
          .where(eq(dcAttributions.playerId, input.playerId));
        await tx.insert(dcTaskEvents).values({
          ...base,
          kind: EventKind.DepositFirst,
          amount: input.amount,
          sourceRef: `first:${input.playerId}`,
        });
        return { counted: true, first: true };
      });
    },
    /**
     * Uncounts a deposit the bank took back (payhub's reversal), inside the reversal's transaction:
     * its deposit event goes, and when it was the player's first deposit the first-deposit event goes
     * too and the player has no first deposit again (the next one that stands counts as the first).
     * False when nothing was counted for it.
     */
    async uncountDeposit(
      executor: Executor,
      input: { playerId: number; reference: string },
    ): Promise<boolean> {
      const locked = await executor.execute<Record<string, unknown>>(sql`
        SELECT first_deposit_ref FROM dc_attributions WHERE player_id = ${input.playerId} FOR UPDATE`);
      const attribution = locked.rows[0];
      if (!attribution) return false;
      const removed = await executor.execute(sql`
        DELETE FROM dc_task_events
         WHERE player_id = ${input.playerId} AND kind = ${EventKind.Deposit}
           AND source_ref = ${`deposit:${input.reference}`}
        RETURNING id`);
      if (removed.rows.length === 0) return false;
      if (attribution.first_deposit_ref === input.reference) {
        await executor.execute(sql`
          DELETE FROM dc_task_events
           WHERE player_id = ${input.playerId} AND kind = ${EventKind.DepositFirst}
             AND source_ref = ${`first:${input.playerId}`}`);
        await executor.execute(sql`
          UPDATE dc_attributions SET first_deposit_at = NULL, first_deposit_ref = NULL
           WHERE player_id = ${input.playerId}`);
      }
      return true;
    },
    /** (day, promoter) buckets of a group over local days [fromDay, toDay]. */
    async groupDays(groupId: number, fromDay: string, toDay: string): Promise<Bucket[]> {
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT to_char(local_day, 'YYYY-MM-DD') AS key, promoter_id, ${counts}
        FROM dc_task_events
        WHERE group_id = ${groupId} AND local_day BETWEEN ${fromDay} AND ${toDay}
        GROUP BY local_day, promoter_id`);
      return toBuckets(result.rows);
    },
    /** Day buckets of one promoter over local days [fromDay, toDay]. */
    async promoterDays(promoterId: number, fromDay: string, toDay: string): Promise<Bucket[]> {
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT to_char(local_day, 'YYYY-MM-DD') AS key, promoter_id, ${counts}
        FROM dc_task_events
        WHERE promoter_id = ${promoterId} AND local_day BETWEEN ${fromDay} AND ${toDay}
        GROUP BY local_day, promoter_id`);
      return toBuckets(result.rows);
    },
    /** Lead buckets of one promoter over local days [fromDay, toDay]; key '' is "no lead". */
    async promoterLeads(promoterId: number, fromDay: string, toDay: string): Promise<Bucket[]> {
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT coalesce(lead_id::text, '') AS key, promoter_id, ${counts}
        FROM dc_task_events
        WHERE promoter_id = ${promoterId} AND local_day BETWEEN ${fromDay} AND ${toDay}
        GROUP BY lead_id, promoter_id
        ORDER BY lead_id NULLS LAST`);
      return toBuckets(result.rows);
    },
  };
}
export type DatacenterRepo = ReturnType<typeof createDatacenterRepo>;
