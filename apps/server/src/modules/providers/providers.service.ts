import { randomBytes } from 'node:crypto';
import type { Asset, ProviderGameWire } from '@payhub/contracts';
import { ErrorCode, PROVIDER_FAVOURITES_MAX } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { ProviderAdapter, ProviderRecordLine } from './providers.adapter.ts';
import type { ProvidersRepo, ProviderTxRow } from './providers.repo.ts';

/** A launched session stays valid for bets this long (wins and rollbacks are taken after it). */
export const PROVIDER_SESSION_HOURS = 12;

export interface ProvidersServiceDeps {
  repo: ProvidersRepo;
  clock: Clock;
  adapters: readonly ProviderAdapter[];
  /** The assets a project's players hold (the wallet's). */
  assetsOf: (projectId: number) => readonly Asset[];
}

/** One provider's day per asset, from our own record of its transactions. */
export function dayTotals(rows: readonly ProviderTxRow[]) {
  const byAsset = new Map<
    Asset,
    { bets: number; bet: bigint; wins: number; win: bigint; rollbacks: number; back: bigint }
  >();
  for (const row of rows) {
    const totals = byAsset.get(row.asset) ?? { bets: 0, bet: 0n, wins: 0, win: 0n, rollbacks: 0, back: 0n };
    if (row.kind === 'bet') {
      totals.bets += 1;
      totals.bet += row.amount;
      if (row.rolledBack) {
        totals.rollbacks += 1;
        totals.back += row.amount;
      }
    } else if (row.kind === 'win') {
      totals.wins += 1;
      totals.win += row.amount;
    }
    byAsset.set(row.asset, totals);
  }
  return [...byAsset.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([asset, t]) => ({
      asset,
      bets: t.bets,
      betAmount: t.bet.toString(),
      wins: t.wins,
      winAmount: t.win.toString(),
      rollbacks: t.rollbacks,
      rolledBackAmount: t.back.toString(),
      ggr: (t.bet - t.back - t.win).toString(),
    }));
}

export interface ReconcileDifference {
  transactionUuid: string;
  kind: string;
  /** The asset of the amounts: ours, else the provider's currency. */
  asset: string;
  /** What differs: only in our ledger, only in the provider's record, or in both with other amounts. */
  problem: 'missing_at_provider' | 'missing_here' | 'amount';
  ours: string | null;
  theirs: string | null;
}

/**
 * Compares our record of a provider's day with the provider's: every win, every rollback, and every
 * bet that stands (a bet the provider rolled back may never have reached us, so it counts by its
 * rollback). Answers the differences; none means the day agrees.
 */
export function reconcileDay(
  ours: readonly ProviderTxRow[],
  theirs: readonly ProviderRecordLine[],
): ReconcileDifference[] {
  const rolledBack = new Set(
    theirs.filter((line) => line.kind === 'rollback').map((line) => line.reference_transaction_uuid),
  );
  const mine = new Map<string, { kind: string; asset: string; amount: bigint }>();
  for (const row of ours) {
    if (row.kind === 'tombstone' || (row.kind === 'bet' && row.rolledBack)) continue;
    mine.set(row.transactionUuid, {
      kind: row.kind,
      asset: row.asset,
      amount: row.kind === 'rollback' ? 0n : row.amount,
    });
  }
  const other = new Map<string, { kind: string; asset: string; amount: bigint }>();
  for (const line of theirs) {
    if (line.kind === 'bet' && rolledBack.has(line.transaction_uuid)) continue;
    other.set(line.transaction_uuid, {
      kind: line.kind,
      asset: line.currency,
      amount: line.kind === 'rollback' ? 0n : BigInt(line.amount),
    });
  }
  const differences: ReconcileDifference[] = [];
  for (const [uuid, entry] of mine) {
    const theirEntry = other.get(uuid);
    if (!theirEntry)
      differences.push({
        transactionUuid: uuid,
        kind: entry.kind,
        asset: entry.asset,
        problem: 'missing_at_provider',
        ours: entry.amount.toString(),
        theirs: null,
      });
    else if (theirEntry.amount !== entry.amount || theirEntry.kind !== entry.kind)
      differences.push({
        transactionUuid: uuid,
        kind: entry.kind,
        asset: entry.asset,
        problem: 'amount',
        ours: entry.amount.toString(),
        theirs: theirEntry.amount.toString(),
      });
  }
  for (const [uuid, entry] of other)
    if (!mine.has(uuid))
      differences.push({
        transactionUuid: uuid,
        kind: entry.kind,
        asset: entry.asset,
        problem: 'missing_here',
        ours: null,
        theirs: entry.amount.toString(),
      });
  return differences;
}

export function createProvidersService(deps: ProvidersServiceDeps) {
  const { repo, clock } = deps;
  function adapter(id: string): ProviderAdapter {
    const found = deps.adapters.find((candidate) => candidate.id === id);
    if (!found) throw new AppError(ErrorCode.GameProviderUnknown, id);
    return found;
  }
  return {
    adapter: (id: string) => deps.adapters.find((candidate) => candidate.id === id),

    async games(session: Session): Promise<{ items: ProviderGameWire[] }> {
      const favourites = await repo.favourites(repo.db, session.userId);
      const items: ProviderGameWire[] = [];
      for (const provider of deps.adapters) {
        if (!(await repo.enabled(repo.db, session.projectId, provider.id))) continue;
        for (const game of provider.games())
          items.push({
            providerId: provider.id,
            providerName: provider.name,
            ...game,
            favourite: favourites.has(`${provider.id}:${game.code}`),
          });
      }
      return { items };
    },

    /** Marks or unmarks a favourite of the caller: a game of the catalogue (3070 otherwise), at most PROVIDER_FAVOURITES_MAX (3). */
    async setFavourite(
      session: Session,
      input: { providerId: string; gameCode: string; favourite: boolean },
    ) {
      const provider = adapter(input.providerId);
      if (!provider.games().some((game) => game.code === input.gameCode))
        throw new AppError(ErrorCode.GameProviderUnknown, input.gameCode);
      const done = await repo.transaction((tx) =>
        repo.setFavourite(tx, {
          userId: session.userId,
          ...input,
          max: PROVIDER_FAVOURITES_MAX,
          at: clock.now(),
        }),
      );
      if (!done) throw badParameter(`at most ${PROVIDER_FAVOURITES_MAX} favourites`);
      return input;
    },

    async launch(
      session: Session,
      input: { providerId: string; gameCode: string; asset: Asset; demo: boolean },
      lang: string,
    ): Promise<{ url: string; asset: Asset; demo: boolean }> {
      const provider = adapter(input.providerId);
      const game = provider.games().find((candidate) => candidate.code === input.gameCode);
      if (!game) throw new AppError(ErrorCode.GameProviderUnknown, input.gameCode);
      if (!(await repo.enabled(repo.db, session.projectId, provider.id)))
        throw new AppError(ErrorCode.GameProviderOff);
      if (!deps.assetsOf(session.projectId).includes(input.asset))
        throw new AppError(ErrorCode.GameAssetUnavailable, input.asset);
      if (input.demo) {
        if (!game.demo) throw new AppError(ErrorCode.GameProviderUnknown, `${input.gameCode} has no demo`);
        const url = provider.launchUrl({
          gameCode: game.code,
          token: null,
          userId: null,
          asset: input.asset,
          lang,
          demo: true,
        });
        return { url, asset: input.asset, demo: true };
      }
      const token = randomBytes(24).toString('base64url');
      const now = clock.now();
      await repo.createSession(
        repo.db,
        {
          token,
          providerId: provider.id,
          projectId: session.projectId,
          userId: session.userId,
          asset: input.asset,
          gameCode: game.code,
          expiresAt: new Date(now.getTime() + PROVIDER_SESSION_HOURS * 3_600_000),
        },
        now,
      );
      const url = provider.launchUrl({
        gameCode: game.code,
        token,
        userId: session.userId,
        asset: input.asset,
        lang,
        demo: false,
      });
      return { url, asset: input.asset, demo: false };
    },

    /** Every provider and whether it is on in the session's project (admin; the console's switches). */
    async settings(session: Session) {
      if (session.staffRole !== 'admin') throw noPermission();
      const items = [];
      for (const provider of deps.adapters)
        items.push({
          providerId: provider.id,
          name: provider.name,
          enabled: await repo.enabled(repo.db, session.projectId, provider.id),
        });
      return { items };
    },

    /**
     * Switches a provider on or off in the session's project (admin). With `audit` (the console's
     * switch), the audit line — the setting before, read under the row's lock, and after — is written
     * in the same transaction as the change: both commit or neither does.
     */
    async setEnabled(
      session: Session,
      input: { providerId: string; enabled: boolean },
      audit?: { action: string; ip: string | null },
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      const provider = adapter(input.providerId);
      await repo.transaction(async (tx) => {
        const now = clock.now();
        const before = await repo.lockEnabled(tx, session.projectId, provider.id, now);
        await repo.setEnabled(tx, session.projectId, provider.id, input.enabled, now);
        if (audit)
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: audit.action,
            objectType: 'provider',
            objectId: provider.id,
            before: { enabled: before },
            after: { enabled: input.enabled },
            ip: audit.ip,
          });
      });
      return { providerId: provider.id, enabled: input.enabled };
    },

    /** The day's transactions of a provider for a project (UTC day). */
    dayRows(providerId: string, projectId: number, day: string): Promise<ProviderTxRow[]> {
      const from = new Date(`${day}T00:00:00.000Z`);
      if (Number.isNaN(from.getTime())) throw new AppError(ErrorCode.BadParameter, 'day');
      return repo.transactionsBetween(
        repo.db,
        providerId,
        projectId,
        from,
        new Date(from.getTime() + 86_400_000),
      );
    },

    async report(session: Session, input: { providerId: string; day: string }) {
      if (session.staffRole !== 'admin') throw noPermission();
      const provider = adapter(input.providerId);
      const rows = await this.dayRows(provider.id, session.projectId, input.day);
      return { providerId: provider.id, day: input.day, items: dayTotals(rows) };
    },

    /** The day compared with the provider's own record (admin; the console lists the differences). */
    async reconcile(session: Session, input: { providerId: string; day: string }) {
      if (session.staffRole !== 'admin') throw noPermission();
      const provider = adapter(input.providerId);
      if (!provider.record)
        throw new AppError(ErrorCode.GameProviderUnknown, `${provider.id} keeps no record`);
      const rows = await this.dayRows(provider.id, session.projectId, input.day);
      // The provider's record spans every operator it serves; ours is one project: its players'
      // lines — those of players with a session of the provider here, not only those with rows of
      // ours that day (a bet the provider took that never reached us is what this is for).
      const record = await provider.record(input.day);
      const named = [...new Set(record.map((line) => Number(line.user)))].filter(Number.isSafeInteger);
      const players = await repo.sessionUsers(repo.db, provider.id, session.projectId, named);
      const theirs = record.filter((line) => players.has(Number(line.user)));
      const differences = reconcileDay(rows, theirs);
      return { providerId: provider.id, day: input.day, items: dayTotals(rows), differences };
    },
  };
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
