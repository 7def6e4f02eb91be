import {
  type Agreement,
  type CardLink,
  ErrorCode,
  formatMoney,
  type OperatorCard,
  type ProjectConfig,
  type Voucher,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { OperatorRow, PayhubOperators } from '../payhub/payhub.service.ts';
import type { OperatorCardRow, PayhubCards } from '../payhub/payhub-cards.service.ts';
import type { PayhubFigures } from '../payhub/payhub-figures.service.ts';
import type { PromoService } from '../promo/promo.service.ts';
import type { UserProfiles } from '../user/user-profiles.service.ts';
import type {
  AgreementRow,
  CardRow,
  ContactRow,
  LinkRow,
  PayhubToolsRepo,
  VoucherRow,
  WorkHoursRow,
} from './payhub-tools.repo.ts';

export interface PayhubToolsDeps {
  repo: PayhubToolsRepo;
  /** The payhub module's operator reads (its service, never its repo). */
  payhub: PayhubOperators;
  /** The payhub module's operator cards and terms. */
  cards: PayhubCards;
  /** The payhub module's operators of a group's people or of a project (the leader's work-time view). */
  payhubFigures: Pick<PayhubFigures, 'operators'>;
  /** The promo module: the group a user works in, its people, and when their app last reported. */
  promo: Pick<PromoService, 'groupOf' | 'groupMemberIds' | 'lastSeenAt'>;
  /** The user module: operators' nicknames. */
  users: Pick<UserProfiles, 'cards'>;
  ledger: Ledger;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
}

export const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
export const clockText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const minuteOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

export function toCardWire(row: CardRow): OperatorCard {
  return {
    id: row.id,
    bankCode: row.bankCode,
    accountNo: row.accountNo,
    bankCardHolder: row.holderName,
    cardUrl: row.linkUrl,
    state: row.active ? 1 : 0,
    oldAccountNo: row.oldAccountNo,
    newAccountNo: row.oldAccountNo === null ? null : row.accountNo,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toLinkWire(row: LinkRow, at: Date): CardLink {
  const remaining = row.totalLimit - row.used;
  return {
    id: row.id,
    accountNo: row.accountNo,
    bankCode: row.bankCode,
    url: row.url,
    minAmount: formatMoney(row.minAmount),
    maxAmount: formatMoney(row.maxAmount),
    totalLimit: formatMoney(row.totalLimit),
    used: formatMoney(row.used),
    remaining: formatMoney(remaining > 0n ? remaining : 0n),
    expiresAt: row.expiresAt.toISOString(),
    state: row.replacedAt ? 'replaced' : row.expiresAt.getTime() <= at.getTime() ? 'expired' : 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAgreementWire(row: AgreementRow): Agreement {
  return {
    id: row.id,
    version: row.version,
    state: row.state,
    perOrderMax: formatMoney(row.perOrderMax),
    dailyMax: formatMoney(row.dailyMax),
    commissionBps: row.commissionBps,
    note: row.note,
    requestedAt: row.requestedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNote: row.reviewNote,
  };
}

export const toContactWire = (row: ContactRow) => ({
  id: row.id,
  channel: row.channel,
  value: row.value,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export function toVoucherWire(row: VoucherRow): Voucher {
  return {
    id: row.id,
    code: row.code,
    productId: row.productId,
    price: formatMoney(row.price),
    faceValue: formatMoney(row.faceValue),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

export const hoursWire = (hours: WorkHoursRow | null) =>
  hours ? { start: clockText(hours.startMinute), end: clockText(hours.endMinute), days: hours.days } : null;

/** Maps a unique violation (a concurrent duplicate) to 3008 and a holder trigger refusal to 3041. */
export function databaseRefusal(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') throw new AppError(ErrorCode.BankAccountExists);
  if (code === 'PH001') throw new AppError(ErrorCode.HolderNotVerifiedName);
  throw error;
}

/** What every operator-tools case shares: the caller as an operator, its own cards, its work time. */
export function createToolsContext(deps: PayhubToolsDeps) {
  const { repo, payhub, cards, clock } = deps;

  function project(projectId: number): ProjectConfig {
    return requireProject(deps.projectById, projectId);
  }
  /** The caller as a payment operator of its session's project, or 1031. */
  function requireOperator(session: Session, executor: Executor = repo.db): Promise<OperatorRow> {
    return payhub.requireOperator(session, executor);
  }
  async function ownCard(
    tx: Executor,
    operatorId: number,
    accountNo: string,
    lock = false,
  ): Promise<CardRow> {
    const card = await cards.cardByNumber(tx, operatorId, accountNo, lock);
    if (!card) throw notFound('card');
    return withLinkUrl(tx, card);
  }
  /** A payhub card with the url of its live link (the operator tools' own table). */
  async function withLinkUrl(executor: Executor, card: OperatorCardRow): Promise<CardRow> {
    const urls = await repo.liveLinkUrls(executor, [card.id]);
    return { ...card, linkUrl: urls.get(card.id) ?? null };
  }
  function requireVerifiedHolder(operator: OperatorRow, holder: string): void {
    if (operator.kycStatus !== 'verified' || !operator.verifiedName)
      throw new AppError(ErrorCode.AccountUnderReview);
    if (normalName(operator.verifiedName) !== normalName(holder))
      throw new AppError(ErrorCode.HolderNotVerifiedName);
  }

  async function workTimeOf(operator: OperatorRow) {
    const at = clock.now();
    const hours = await repo.workHours(repo.db, operator.userId);
    return {
      timeZone: project(operator.projectId).timeZone,
      hours: hoursWire(hours),
      insideHours: await repo.insideHours(repo.db, operator.userId, at, project(operator.projectId).timeZone),
      working: operator.working,
      silenceSeconds: await repo.silenceSeconds(repo.db, operator.projectId),
    };
  }

  return { project, requireOperator, ownCard, withLinkUrl, requireVerifiedHolder, workTimeOf };
}
export type ToolsContext = ReturnType<typeof createToolsContext>;
