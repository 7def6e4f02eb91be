import {
  type Asset,
  type AssetBalance,
  formatAmount,
  HISTORY_EXPORT_MAX_DAYS,
  HISTORY_EXPORT_MAX_ROWS,
  type HistoryRow,
  type HistoryType,
  type ProjectConfig,
} from '@payhub/contracts';
import type { CreditCursor, EntryPageRow, Ledger } from '../../ledger/ledger.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { badParameter, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { WalletRepo } from './wallet.repo.ts';
import { codesOfType, HISTORY_TYPE_OF_CODE, historyTypeOf } from './wallet.types.ts';

export interface WalletDeps {
  repo: WalletRepo;
  /** Balances and history: the ledger's reads of the player's wallet accounts. */
  ledger: Pick<Ledger, 'ownedAccounts' | 'entryPage' | 'firstCredits' | 'creditsBetween'>;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
}

/** The assets a player of a project holds: the project's own currency, USDT and YEC. */
export function walletAssets(project: ProjectConfig): Asset[] {
  return [project.currency, 'USDT', 'YEC'];
}

interface HistoryFilter {
  asset?: Asset | undefined;
  type?: HistoryType | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function toRow(entry: EntryPageRow): HistoryRow {
  return {
    id: entry.id.toString(),
    asset: entry.asset,
    type: historyTypeOf(entry.code),
    code: entry.code,
    amount: formatAmount(entry.amount, entry.asset),
    balanceAfter: entry.balanceAfter === null ? null : formatAmount(entry.balanceAfter, entry.asset),
    objectType: entry.referenceType,
    objectId: entry.referenceId,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** One CSV field: quoted when it holds a separator, quote or line break; formula starts defused. */
function csvField(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const CSV_COLUMNS = [
  'id',
  'createdAt',
  'asset',
  'type',
  'code',
  'amount',
  'balanceAfter',
  'objectType',
  'objectId',
] as const;

const DAY_MS = 86_400_000;

export function createWalletService(deps: WalletDeps) {
  const { repo, clock, ledger } = deps;
  const walletAccounts = (projectId: number, playerId: number) =>
    ledger.ownedAccounts(repo.db, { projectId, kind: 'player_wallet', ownerId: playerId });
  const project = (projectId: number) => requireProject(deps.projectById, projectId);
  const knownCodes = Object.keys(HISTORY_TYPE_OF_CODE);

  async function gameAsset(projectId: number): Promise<Asset> {
    return (await repo.gameAsset(repo.db, projectId)) ?? project(projectId).currency;
  }

  /** The caller's account ids, narrowed to one asset when asked. */
  async function accountIds(session: Session, asset: Asset | undefined): Promise<bigint[]> {
    const rows = await walletAccounts(session.projectId, session.userId);
    return rows.filter((row) => asset === undefined || row.asset === asset).map((row) => row.id);
  }

  function codeFilter(type: HistoryType | undefined) {
    if (type === undefined) return {};
    if (type === 'other') return { notCodes: knownCodes };
    return { codes: codesOfType(type) };
  }

  function checkRange(filter: HistoryFilter) {
    if (filter.from && filter.to && filter.to.getTime() <= filter.from.getTime())
      throw badParameter('to: must be after from');
  }

  return {
    /** A player's deposits credited in [from, to) in one asset (read by rewards' daily check-in). */
    async depositedBetween(projectId: number, playerId: number, asset: Asset, from: Date, to: Date) {
      const ids = (await walletAccounts(projectId, playerId))
        .filter((row) => row.asset === asset)
        .map((row) => row.id);
      if (ids.length === 0) return 0n;
      const entries = await ledger.entryPage(repo.db, {
        accountIds: ids,
        codes: codesOfType('deposit'),
        from,
        to,
        limit: 1_000,
      });
      return entries.reduce((sum, entry) => sum + entry.amount, 0n);
    },

    /**
     * Players whose first local-currency deposit (a payment hub credit, code `deposit`; crypto
     * credits are not counted) was credited in [from, to) (read by rewards' first-deposit bonus).
     */
    firstDeposits: async (projectId: number, from: Date, to: Date) =>
      (
        await ledger.firstCredits(repo.db, { projectId, kind: 'player_wallet', codes: ['deposit'], from, to })
      ).map(({ ownerId, ...credit }) => ({ playerId: ownerId, ...credit })),

    /**
     * Local-currency deposits (payment hub credits, code `deposit`) of at least `minAmount` credited in
     * [from, to) in one asset, oldest first after the cursor `after`; `first`: the player's first deposit
     * ever (read by rewards' deposit-bonus campaigns, which skip it).
     */
    depositsBetween: async (
      projectId: number,
      query: {
        asset: Asset;
        from: Date;
        to: Date;
        minAmount: bigint;
        after: CreditCursor | null;
        limit: number;
      },
    ) =>
      (
        await ledger.creditsBetween(repo.db, {
          projectId,
          kind: 'player_wallet',
          currency: query.asset,
          codes: ['deposit'],
          from: query.from,
          to: query.to,
          minAmount: query.minAmount,
          after: query.after,
          limit: query.limit,
        })
      ).map(({ ownerId, ...credit }) => ({ playerId: ownerId, ...credit })),

    async balances(session: Session): Promise<{ gameAsset: Asset; items: AssetBalance[] }> {
      const rows = await walletAccounts(session.projectId, session.userId);
      const items = walletAssets(project(session.projectId)).map((asset) => {
        const row = rows.find((candidate) => candidate.asset === asset);
        const balance = row?.balance ?? 0n;
        const held = row?.held ?? 0n;
        return {
          asset,
          balance: formatAmount(balance, asset),
          held: formatAmount(held, asset),
          available: formatAmount(balance - held, asset),
        };
      });
      return { gameAsset: await gameAsset(session.projectId), items };
    },

    async history(session: Session, query: HistoryFilter & { cursor?: string | undefined; count: number }) {
      checkRange(query);
      const ids = await accountIds(session, query.asset);
      const entries = await ledger.entryPage(repo.db, {
        accountIds: ids,
        ...codeFilter(query.type),
        from: query.from,
        to: query.to,
        before: query.cursor === undefined ? undefined : BigInt(query.cursor),
        limit: query.count + 1,
      });
      const page = entries.slice(0, query.count);
      return {
        items: page.map(toRow),
        nextCursor: entries.length > query.count ? page[page.length - 1]!.id.toString() : null,
      };
    },

    /** A bounded range as CSV: at most HISTORY_EXPORT_MAX_DAYS days and HISTORY_EXPORT_MAX_ROWS rows. */
    async historyExport(session: Session, query: HistoryFilter & { from: Date; to: Date }) {
      checkRange(query);
      if (query.to.getTime() - query.from.getTime() > HISTORY_EXPORT_MAX_DAYS * DAY_MS)
        throw badParameter(`to: at most ${HISTORY_EXPORT_MAX_DAYS} days after from`);
      const ids = await accountIds(session, query.asset);
      const entries = await ledger.entryPage(repo.db, {
        accountIds: ids,
        ...codeFilter(query.type),
        from: query.from,
        to: query.to,
        limit: HISTORY_EXPORT_MAX_ROWS + 1,
      });
      if (entries.length > HISTORY_EXPORT_MAX_ROWS)
        throw badParameter(`from: more than ${HISTORY_EXPORT_MAX_ROWS} movements; choose a shorter range`);
      const lines = [CSV_COLUMNS.join(',')];
      for (const entry of entries) {
        const row = toRow(entry);
        lines.push(CSV_COLUMNS.map((column) => csvField(String(row[column] ?? ''))).join(','));
      }
      const day = (at: Date) => at.toISOString().slice(0, 10);
      return {
        filename: `history-${day(query.from)}-${day(query.to)}.csv`,
        rows: entries.length,
        csv: `${lines.join('\r\n')}\r\n`,
      };
    },

    async settings(session: Session) {
      return { gameAsset: await gameAsset(session.projectId) };
    },

    async updateSettings(session: Session, input: { gameAsset: Asset }, ip: string | null) {
      if (session.staffRole !== 'admin') throw noPermission();
      const local = project(session.projectId).currency;
      // Games are played in the project's own currency or in YEC (spec §1 Reading B).
      if (input.gameAsset !== local && input.gameAsset !== 'YEC')
        throw badParameter(`gameAsset: ${local} or YEC`);
      await repo.transaction(async (tx) => {
        await repo.saveGameAsset(tx, session.projectId, input.gameAsset, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'wallet.settings',
          objectType: 'wallet_settings',
          objectId: String(session.projectId),
          after: input,
          ip,
        });
      });
      return { gameAsset: input.gameAsset };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
