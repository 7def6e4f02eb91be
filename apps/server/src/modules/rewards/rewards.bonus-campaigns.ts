import {
  type Asset,
  BONUS_CAMPAIGN_BOUNDS,
  type BonusCampaign,
  type BonusCampaignInput,
  type BonusCampaignState,
  type BonusCampaignTerms,
  type BonusTermsInput,
  type BonusTermsVersion,
  ErrorCode,
  formatAmount,
  type LocalCurrency,
  type ProjectConfig,
  tryParseAmount,
} from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import type {
  BonusCampaignsRepo,
  CampaignRow,
  CampaignTotals,
  TermsRow,
} from './rewards.bonus-campaigns.repo.ts';
import type { Executor } from './rewards.repo.ts';

/**
 * The first-deposit terms (spec §5, §9): a first deposit of at least `minFirstDeposit` earns the
 * player `bonusBp` of it and its referrer `referralBp` of it, `referralDelayDays` later if the deposit
 * still stands; bonus money converts to withdrawable money after settled wager of `wageringMultiple`
 * times the bonus. Minor units.
 */
export interface FirstDepositTerms {
  minFirstDeposit: bigint;
  bonusBp: number;
  referralBp: number;
  referralDelayDays: number;
  wageringMultiple: number;
}

/**
 * The defaults per project currency: migration 0790 seeded them as each project's first version of
 * `rewards_bonus_terms`; a project without a version reads them. Staff change them in the console.
 */
export const BONUS_TERMS_DEFAULTS: Record<LocalCurrency, FirstDepositTerms> = {
  IDR: {
    minFirstDeposit: 5_000_000n,
    bonusBp: 1000,
    referralBp: 1000,
    referralDelayDays: 7,
    wageringMultiple: 5,
  },
  MXN: {
    minFirstDeposit: 5_000n,
    bonusBp: 1000,
    referralBp: 1000,
    referralDelayDays: 7,
    wageringMultiple: 5,
  },
};

const DAY_MS = 86_400_000;
const LIST_LIMIT = 100;
const HISTORY_LIMIT = 20;

/** Who acts: the console's staff member after its permission table allowed the call. */
export interface CampaignActor {
  userId: number;
  projectId: number;
  ip: string;
}

export interface BonusCampaignsDeps {
  repo: BonusCampaignsRepo;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
}

/** When a campaign stops taking deposits: its end, or its early end. */
export const campaignEnd = (row: CampaignRow): Date =>
  row.endedAt && row.endedAt.getTime() < row.endsAt.getTime() ? row.endedAt : row.endsAt;

export function campaignState(row: CampaignRow, now: Date): BonusCampaignState {
  if (campaignEnd(row).getTime() <= now.getTime() || row.endedAt) return 'ended';
  return row.startsAt.getTime() > now.getTime() ? 'scheduled' : 'running';
}

export function campaignTermsWire(row: CampaignRow): BonusCampaignTerms {
  const asset = row.asset as Asset;
  return {
    id: row.id,
    name: row.name,
    asset,
    bonusBp: row.bonusBp,
    maxBonus: formatAmount(row.maxBonus, asset),
    minDeposit: formatAmount(row.minDeposit, asset),
    wageringMultiple: row.wageringMultiple,
    startsAt: unixSeconds(row.startsAt),
    endsAt: unixSeconds(campaignEnd(row)),
  };
}

const termsWire = (row: TermsRow): BonusTermsVersion => ({
  asset: row.asset as Asset,
  minFirstDeposit: formatAmount(row.minFirstDeposit, row.asset as Asset),
  bonusBp: row.bonusBp,
  referralBp: row.referralBp,
  referralDelayDays: row.referralDelayDays,
  wageringMultiple: row.wageringMultiple,
  effectiveFrom: unixSeconds(row.effectiveFrom),
  setBy: row.setBy,
});

/**
 * Staff-set bonus money (issue 19, docs/rewards.md "Bonus terms and campaigns"): the first-deposit
 * terms as versions (a change applies to first deposits credited after it, never before), and the
 * deposit-bonus campaigns (create, schedule, change, end early). The bonus service pays both.
 */
export function createBonusCampaigns(deps: BonusCampaignsDeps) {
  const { repo, clock } = deps;

  function projectOf(projectId: number): ProjectConfig {
    const project = deps.projectById(projectId);
    if (!project) throw notFound('project');
    return project;
  }

  /** The first-deposit terms in force at `at`: the latest version then, else today's defaults. */
  async function termsAt(executor: Executor, projectId: number, at: Date): Promise<TermsRow> {
    const found = await repo.termsAt(executor, projectId, at);
    if (found) return found;
    const project = projectOf(projectId);
    return {
      id: 0,
      projectId,
      asset: project.currency,
      ...BONUS_TERMS_DEFAULTS[project.currency],
      effectiveFrom: new Date(0),
      setBy: null,
    };
  }

  async function termsView(projectId: number) {
    const [current, history] = await Promise.all([
      termsAt(repo.db, projectId, clock.now()),
      repo.termsHistory(repo.db, projectId, HISTORY_LIMIT),
    ]);
    return { current: termsWire(current), history: history.map(termsWire) };
  }

  /** An amount of the project currency from the wire, > 0 (3 naming the field otherwise). */
  function amountOf(field: string, text: string, asset: Asset): bigint {
    const amount = tryParseAmount(text, asset);
    if (amount === null || amount <= 0n) throw badParameter(`${field}: must be a positive amount`);
    return amount;
  }

  /**
   * The campaign's fields from the input, checked (window, amounts). A start in the past (or a
   * changed start moved into the past) becomes now (the whole second, as the wire carries seconds):
   * deposits credited before a campaign existed never earn it. `keepStart`: the stored start, kept when the input repeats it.
   */
  function campaignFields(input: BonusCampaignInput, asset: Asset, keepStart: Date | null = null) {
    const asked = new Date(input.startsAt * 1000);
    const thisSecond = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
    const startsAt =
      keepStart && keepStart.getTime() === asked.getTime()
        ? keepStart
        : asked.getTime() < thisSecond.getTime()
          ? thisSecond
          : asked;
    const endsAt = new Date(input.endsAt * 1000);
    if (endsAt.getTime() <= startsAt.getTime()) throw badParameter('endsAt: must be after startsAt');
    if (endsAt.getTime() - startsAt.getTime() > BONUS_CAMPAIGN_BOUNDS.maxDays * DAY_MS)
      throw badParameter(`endsAt: at most ${BONUS_CAMPAIGN_BOUNDS.maxDays} days after startsAt`);
    if (endsAt.getTime() <= clock.now().getTime()) throw badParameter('endsAt: must be in the future');
    return {
      name: input.name,
      bonusBp: input.bonusBp,
      maxBonus: amountOf('maxBonus', input.maxBonus, asset),
      minDeposit: amountOf('minDeposit', input.minDeposit, asset),
      wageringMultiple: input.wageringMultiple,
      startsAt,
      endsAt,
    };
  }

  const EMPTY_TOTALS: CampaignTotals = {
    granted: 0,
    grantedAmount: 0n,
    convertedAmount: 0n,
    returnedAmount: 0n,
  };
  function campaignWire(row: CampaignRow, totals: CampaignTotals = EMPTY_TOTALS): BonusCampaign {
    const asset = row.asset as Asset;
    return {
      ...campaignTermsWire(row),
      state: campaignState(row, clock.now()),
      granted: totals.granted,
      grantedAmount: formatAmount(totals.grantedAmount, asset),
      convertedAmount: formatAmount(totals.convertedAmount, asset),
      returnedAmount: formatAmount(totals.returnedAmount, asset),
      endedEarlyAt: row.endedAt ? unixSeconds(row.endedAt) : null,
      createdBy: row.createdBy,
      createdAt: unixSeconds(row.createdAt),
    };
  }
  async function withTotals(executor: Executor, row: CampaignRow): Promise<BonusCampaign> {
    return campaignWire(row, (await repo.totals(executor, [row.id])).get(row.id));
  }
  const auditView = (row: CampaignRow) => ({
    ...campaignTermsWire(row),
    endedAt: row.endedAt?.toISOString(),
  });

  return {
    termsAt,
    termsView: (actor: CampaignActor) => termsView(actor.projectId),

    /**
     * New first-deposit terms, in force from now: a new version row (the old ones stay, so a deposit
     * credited before now is still paid on the terms of its time), with an audit line before/after.
     */
    async updateTerms(actor: CampaignActor, input: BonusTermsInput) {
      const project = projectOf(actor.projectId);
      const minFirstDeposit = amountOf('minFirstDeposit', input.minFirstDeposit, project.currency);
      await repo.transaction(async (tx) => {
        await repo.lockTerms(tx, actor.projectId);
        const now = clock.now();
        const before = await termsAt(tx, actor.projectId, now);
        // Two changes in the same millisecond: the later one starts a millisecond after.
        const effectiveFrom =
          before.effectiveFrom.getTime() >= now.getTime()
            ? new Date(before.effectiveFrom.getTime() + 1)
            : now;
        const after: Omit<TermsRow, 'id'> = {
          projectId: actor.projectId,
          asset: project.currency,
          minFirstDeposit,
          bonusBp: input.bonusBp,
          referralBp: input.referralBp,
          referralDelayDays: input.referralDelayDays,
          wageringMultiple: input.wageringMultiple,
          effectiveFrom,
          setBy: actor.userId,
        };
        await repo.insertTerms(tx, after);
        await writeAudit(tx, {
          projectId: actor.projectId,
          actorId: actor.userId,
          action: 'rewards.bonus_terms.update',
          objectType: 'bonus_terms',
          objectId: String(actor.projectId),
          before: termsWire(before),
          after: termsWire({ ...after, id: 0 }),
          ip: actor.ip,
        });
      });
      return termsView(actor.projectId);
    },

    async list(actor: CampaignActor): Promise<{ items: BonusCampaign[] }> {
      const rows = await repo.campaigns(repo.db, actor.projectId, LIST_LIMIT);
      const totals = await repo.totals(
        repo.db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => campaignWire(row, totals.get(row.id))) };
    },

    async create(actor: CampaignActor, input: BonusCampaignInput): Promise<BonusCampaign> {
      const project = projectOf(actor.projectId);
      const fields = campaignFields(input, project.currency);
      return repo.transaction(async (tx) => {
        const row = await repo.insertCampaign(tx, {
          projectId: actor.projectId,
          asset: project.currency,
          ...fields,
          createdBy: actor.userId,
          createdAt: clock.now(),
        });
        await writeAudit(tx, {
          projectId: actor.projectId,
          actorId: actor.userId,
          action: 'rewards.bonus_campaign.create',
          objectType: 'bonus_campaign',
          objectId: String(row.id),
          after: auditView(row),
          ip: actor.ip,
        });
        return campaignWire(row);
      });
    },

    /**
     * Changes a campaign not ended (4018). Once it has granted a bonus, its money terms (bonus bp, max
     * bonus, min deposit, wagering) and its start stay as they were (4019): the players already paid
     * were paid on them; the name and the end may still change.
     */
    async update(actor: CampaignActor, id: number, input: BonusCampaignInput): Promise<BonusCampaign> {
      const project = projectOf(actor.projectId);
      return repo.transaction(async (tx) => {
        const row = await repo.campaign(tx, actor.projectId, id, 'update');
        if (!row) throw notFound('campaign');
        if (campaignState(row, clock.now()) === 'ended') throw new AppError(ErrorCode.BonusCampaignEnded);
        const fields = campaignFields(input, project.currency, row.startsAt);
        const moneyChanged =
          fields.bonusBp !== row.bonusBp ||
          fields.maxBonus !== row.maxBonus ||
          fields.minDeposit !== row.minDeposit ||
          fields.wageringMultiple !== row.wageringMultiple ||
          fields.startsAt.getTime() !== row.startsAt.getTime();
        if (moneyChanged && (await repo.hasGranted(tx, row.id)))
          throw new AppError(ErrorCode.BonusCampaignTermsLocked);
        await repo.updateCampaign(tx, row.id, fields, clock.now());
        const after = { ...row, ...fields };
        await writeAudit(tx, {
          projectId: actor.projectId,
          actorId: actor.userId,
          action: 'rewards.bonus_campaign.update',
          objectType: 'bonus_campaign',
          objectId: String(row.id),
          before: auditView(row),
          after: auditView(after),
          ip: actor.ip,
        });
        return withTotals(tx, after);
      });
    },

    /** Ends a scheduled or running campaign now (4018 when it has ended); deposits before now still count. */
    async end(actor: CampaignActor, id: number): Promise<BonusCampaign> {
      return repo.transaction(async (tx) => {
        const row = await repo.campaign(tx, actor.projectId, id, 'update');
        if (!row) throw notFound('campaign');
        const now = clock.now();
        if (campaignState(row, now) === 'ended') throw new AppError(ErrorCode.BonusCampaignEnded);
        await repo.endCampaign(tx, row.id, actor.userId, now);
        const after = { ...row, endedAt: now, endedBy: actor.userId };
        await writeAudit(tx, {
          projectId: actor.projectId,
          actorId: actor.userId,
          action: 'rewards.bonus_campaign.end',
          objectType: 'bonus_campaign',
          objectId: String(row.id),
          before: auditView(row),
          after: auditView(after),
          ip: actor.ip,
        });
        return withTotals(tx, after);
      });
    },

    /** Campaigns running now (the player's bonus page). */
    async running(projectId: number): Promise<CampaignRow[]> {
      const now = clock.now();
      const rows = await repo.campaignsOverlapping(repo.db, projectId, now, new Date(now.getTime() + 1));
      return rows.filter((row) => campaignState(row, now) === 'running');
    },
  };
}
export type BonusCampaigns = ReturnType<typeof createBonusCampaigns>;
