import type { ReferralTiersInput, ReferralTiersView } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Executor, RewardsRepo, TierRow } from './rewards.repo.ts';
import { tiersInForce } from './rewards.service.ts';

/** A console staff member acting in their project (after the console's permission check). */
export interface TiersActor {
  userId: number;
  projectId: number;
  ip: string;
}

/**
 * The console's side of the referral tiers (docs/rewards.md): read the project's tiers (its rows, or
 * the defaults while it has none) and replace all three at once, audited with the tiers before and
 * after. The daily rebate job and the player's referral screen read the same rows, so a change
 * applies to every rebate paid after it (yesterday's wager included when the job has not run yet).
 */
export function createReferralTiers(deps: { repo: RewardsRepo }) {
  const { repo } = deps;

  async function view(executor: Executor, projectId: number): Promise<ReferralTiersView> {
    const rows = await repo.tiers(executor, projectId);
    return {
      tiers: tiersInForce(rows).map((tier) => ({
        tier: tier.tier,
        minDirect: tier.minDirect,
        ratesBp: [...tier.ratesBp],
      })),
      configured: rows.length > 0,
    };
  }

  return {
    view: (actor: TiersActor) => view(repo.db, actor.projectId),

    async update(actor: TiersActor, input: ReferralTiersInput): Promise<ReferralTiersView> {
      const tiers: TierRow[] = input.tiers.map((tier) => ({
        tier: tier.tier,
        minDirect: tier.minDirect,
        ratesBp: [tier.ratesBp[0]!, tier.ratesBp[1]!, tier.ratesBp[2]!],
      }));
      return repo.transaction(async (tx) => {
        await repo.lockTiers(tx, actor.projectId);
        const before = await view(tx, actor.projectId);
        await repo.saveTiers(tx, actor.projectId, tiers);
        const after = await view(tx, actor.projectId);
        await writeAudit(tx, {
          projectId: actor.projectId,
          actorId: actor.userId,
          action: 'rewards.referral_tiers.update',
          objectType: 'referral_tiers',
          objectId: String(actor.projectId),
          before: { tiers: before.tiers, configured: before.configured },
          after: { tiers: after.tiers },
          ip: actor.ip,
        });
        return after;
      });
    },
  };
}
export type ReferralTiers = ReturnType<typeof createReferralTiers>;
