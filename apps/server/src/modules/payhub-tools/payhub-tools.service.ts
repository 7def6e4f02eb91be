import { randomBytes } from 'node:crypto';
import {
  type Agreement,
  type CardLink,
  ErrorCode,
  formatMoney,
  LINK_REMINDER_BEFORE_SECONDS,
  OPERATOR_CARDS_MAX,
  OPERATOR_CONTACTS_MAX,
  type OperatorCard,
  type ProjectConfig,
  SUPPORTED_BANKS,
  type Voucher,
} from '@payhub/contracts';
import type { Ledger } from '../../ledger/ledger.ts';
import { withLedgerRefusals } from '../../money/ledger-refusal.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { runIdempotent } from '../../platform/idempotency/idempotency.ts';
import { requireProject } from '../../platform/require-project.ts';
import type { OperatorRow, PayhubOperators } from '../payhub/payhub.service.ts';
import type { OperatorCardRow, PayhubCards } from '../payhub/payhub-cards.service.ts';
import type {
  AgreementRow,
  CardRow,
  ContactRow,
  LinkRow,
  PayhubToolsRepo,
  VoucherRow,
  WorkHoursRow,
} from './payhub-tools.repo.ts';
import { productsOf } from './shop-products.ts';

export interface PayhubToolsDeps {
  repo: PayhubToolsRepo;
  /** The payhub module's operator reads (its service, never its repo). */
  payhub: PayhubOperators;
  /** The payhub module's operator cards and terms. */
  cards: PayhubCards;
  ledger: Ledger;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
const clockText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

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

function toAgreementWire(row: AgreementRow): Agreement {
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

const toContactWire = (row: ContactRow) => ({
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

const hoursWire = (hours: WorkHoursRow | null) =>
  hours ? { start: clockText(hours.startMinute), end: clockText(hours.endMinute), days: hours.days } : null;

/** Maps a unique violation (a concurrent duplicate) to 3008 and a holder trigger refusal to 3041. */
function databaseRefusal(error: unknown): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') throw new AppError(ErrorCode.BankAccountExists);
  if (code === 'PH001') throw new AppError(ErrorCode.HolderNotVerifiedName);
  throw error;
}

export function createPayhubToolsService(deps: PayhubToolsDeps) {
  const { repo, payhub, cards, ledger, clock } = deps;

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
      insideHours: await repo.insideHours(repo.db, operator.userId, at),
      working: operator.working,
      silenceSeconds: await repo.silenceSeconds(repo.db, operator.projectId),
    };
  }

  return {
    // Cards.
    async bankSupport(session: Session) {
      await requireOperator(session);
      return { items: SUPPORTED_BANKS[project(session.projectId).currency].map((bank) => ({ ...bank })) };
    },

    async bankAdd(
      session: Session,
      input: { bankCode: string; accountNo: string; bankCardHolder: string },
      ip: string | null,
    ): Promise<OperatorCard> {
      const currency = project(session.projectId).currency;
      if (!SUPPORTED_BANKS[currency].some((bank) => bank.code === input.bankCode))
        throw new AppError(ErrorCode.BankUnsupported);
      return repo
        .transaction(async (tx) => {
          const operator = await payhub.operator(tx, session.userId, true);
          if (!operator?.spaPay || operator.projectId !== session.projectId) throw noPermission();
          requireVerifiedHolder(operator, input.bankCardHolder);
          if (await cards.numberTaken(tx, input.bankCode, input.accountNo, null))
            throw new AppError(ErrorCode.BankAccountExists);
          if ((await cards.liveCardCount(tx, operator.userId)) >= OPERATOR_CARDS_MAX)
            throw new AppError(ErrorCode.BankAccountLimit);
          const at = clock.now();
          const id = await cards.insertCard(tx, {
            operatorId: operator.userId,
            bankCode: input.bankCode,
            accountNo: input.accountNo,
            holderName: input.bankCardHolder.trim().replace(/\s+/g, ' '),
            at,
          });
          if (id === null) throw new AppError(ErrorCode.BankAccountExists);
          const card = await withLinkUrl(tx, (await cards.cardById(tx, id))!);
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'operator_card.add',
            objectType: 'operator_card',
            objectId: String(id),
            after: { bankCode: card.bankCode, accountNo: card.accountNo, holder: card.holderName },
            ip,
          });
          return toCardWire(card);
        })
        .catch(databaseRefusal);
    },

    async bankQuery(session: Session, query: { page: number; count: number }) {
      const operator = await requireOperator(session);
      const result = await cards.cards(repo.db, operator.userId, query.count, (query.page - 1) * query.count);
      const urls = await repo.liveLinkUrls(
        repo.db,
        result.items.map((card) => card.id),
      );
      return {
        items: result.items.map((card) => toCardWire({ ...card, linkUrl: urls.get(card.id) ?? null })),
        total: result.total,
      };
    },

    async bankUpdate(
      session: Session,
      input: { oldAccountNo: string; newAccountNo?: string; bankCardHolder?: string; state?: number },
      ip: string | null,
    ): Promise<OperatorCard> {
      return repo
        .transaction(async (tx) => {
          const operator = await requireOperator(session, tx);
          const card = await ownCard(tx, operator.userId, input.oldAccountNo, true);
          const renumber = input.newAccountNo !== undefined && input.newAccountNo !== card.accountNo;
          if (input.bankCardHolder !== undefined) requireVerifiedHolder(operator, input.bankCardHolder);
          if (renumber) {
            if (await cards.numberTaken(tx, card.bankCode, input.newAccountNo!, card.id))
              throw new AppError(ErrorCode.BankAccountExists);
            // The player of an open order pays to the number it was shown.
            if ((await cards.openOrdersOnCard(tx, card.id)) > 0) throw new AppError(ErrorCode.CardInUse);
          }
          if (input.state === 1 && !card.active)
            requireVerifiedHolder(operator, input.bankCardHolder ?? card.holderName);
          await cards.updateCard(tx, card.id, {
            ...(renumber ? { accountNo: input.newAccountNo! } : {}),
            ...(input.bankCardHolder !== undefined
              ? { holderName: input.bankCardHolder.trim().replace(/\s+/g, ' ') }
              : {}),
            ...(input.state !== undefined ? { active: input.state === 1 } : {}),
            at: clock.now(),
          });
          const after = await withLinkUrl(tx, (await cards.cardById(tx, card.id))!);
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'operator_card.update',
            objectType: 'operator_card',
            objectId: String(card.id),
            before: { accountNo: card.accountNo, holder: card.holderName, active: card.active },
            after: { accountNo: after.accountNo, holder: after.holderName, active: after.active },
            ip,
          });
          return toCardWire(after);
        })
        .catch(databaseRefusal);
    },

    async bankDelete(session: Session, accountNo: string, ip: string | null) {
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        const card = await ownCard(tx, operator.userId, accountNo, true);
        if ((await cards.openOrdersOnCard(tx, card.id)) > 0) throw new AppError(ErrorCode.CardInUse);
        const at = clock.now();
        await cards.removeCard(tx, card.id, at);
        await repo.replaceLinksOfCard(tx, card.id, at);
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'operator_card.delete',
          objectType: 'operator_card',
          objectId: String(card.id),
          before: { bankCode: card.bankCode, accountNo: card.accountNo, active: card.active },
          ip,
        });
        return { accountNo: card.accountNo };
      });
    },

    // Links.
    async cardUrlBind(
      session: Session,
      input: {
        accountNo: string;
        url: string;
        expiresAt: string;
        minAmount: bigint;
        maxAmount: bigint;
        totalLimit: bigint;
      },
      ip: string | null,
    ): Promise<CardLink> {
      const at = clock.now();
      const expiresAt = new Date(input.expiresAt);
      if (expiresAt.getTime() <= at.getTime())
        throw new AppError(ErrorCode.BadParameter, 'body.expiresAt: must be in the future');
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        const card = await ownCard(tx, operator.userId, input.accountNo, true);
        const bound = await repo.bindLink(tx, {
          cardId: card.id,
          operatorId: operator.userId,
          url: input.url,
          minAmount: input.minAmount,
          maxAmount: input.maxAmount,
          totalLimit: input.totalLimit,
          expiresAt,
          at,
        });
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'card_link.bind',
          objectType: 'card_link',
          objectId: String(bound.id),
          before: bound.replaced === null ? null : { replacedLinkId: bound.replaced },
          after: {
            cardId: card.id,
            url: input.url,
            minAmount: formatMoney(input.minAmount),
            maxAmount: formatMoney(input.maxAmount),
            totalLimit: formatMoney(input.totalLimit),
            expiresAt: expiresAt.toISOString(),
          },
          ip,
        });
        return toLinkWire((await repo.link(tx, bound.id))!, at);
      });
    },

    async cardUrlAmount(session: Session) {
      const operator = await requireOperator(session);
      const at = clock.now();
      const links = await repo.liveLinks(repo.db, operator.userId);
      const upcoming = links.filter((link) => link.expiresAt.getTime() > at.getTime());
      const first = upcoming[0];
      return {
        items: links.map((link) => toLinkWire(link, at)),
        linkExpirationReminder: first
          ? Math.floor(first.expiresAt.getTime() / 1000) - LINK_REMINDER_BEFORE_SECONDS
          : null,
      };
    },

    async cardUrlList(session: Session, query: { page: number; count: number }) {
      const operator = await requireOperator(session);
      const at = clock.now();
      const result = await repo.links(repo.db, operator.userId, query.count, (query.page - 1) * query.count);
      return { items: result.items.map((link) => toLinkWire(link, at)), total: result.total };
    },

    // Work hours and the group.
    async workTime(session: Session) {
      return workTimeOf(await requireOperator(session));
    },

    async setWorkTime(
      session: Session,
      input: { start: string; end: string; days: number[] },
      ip: string | null,
    ) {
      const startMinute = minuteOf(input.start);
      const endMinute = minuteOf(input.end);
      if (startMinute === endMinute)
        throw new AppError(ErrorCode.BadParameter, 'body.end: must differ from start');
      const days = [...new Set(input.days)].sort();
      const operator = await repo.transaction(async (tx) => {
        const found = await requireOperator(session, tx);
        const before = await repo.workHours(tx, found.userId);
        await repo.setWorkHours(tx, found.userId, { startMinute, endMinute, days }, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'operator.work_hours',
          objectType: 'payhub_operator',
          objectId: String(found.userId),
          before: hoursWire(before),
          after: { start: input.start, end: input.end, days },
          ip,
        });
        return found;
      });
      return workTimeOf(operator);
    },

    async groupInfo(session: Session) {
      const group = await repo.groupOf(repo.db, session.userId);
      if (!group) return { group: null, isLeader: false, operators: 0, working: 0 };
      const operators = await repo.groupOperators(repo.db, { groupId: group.id }, clock.now());
      return {
        group,
        isLeader: group.leaderId === session.userId,
        operators: operators.length,
        working: operators.filter((operator) => operator.working).length,
      };
    },

    /** A promo group's leader sees its group; a payment manager (group head, spec §6) its project. */
    async groupWorkTime(session: Session) {
      const group = await repo.groupOf(repo.db, session.userId);
      let scope: { groupId: number } | { projectId: number };
      if (group && group.leaderId === session.userId) scope = { groupId: group.id };
      else {
        const operator = await payhub.operator(repo.db, session.userId);
        if (
          !operator?.spaPay ||
          operator.paymentRole !== 'Manage' ||
          operator.projectId !== session.projectId
        )
          throw noPermission();
        scope = { projectId: session.projectId };
      }
      const operators = await repo.groupOperators(repo.db, scope, clock.now());
      return {
        items: operators.map((operator) => ({
          userId: operator.userId,
          nickname: operator.nickname,
          working: operator.working,
          hours: hoursWire(operator.hours),
          insideHours: operator.inside,
          lastSeenAt: operator.lastSeenAt?.toISOString() ?? null,
        })),
      };
    },

    // Agreements.
    async history(session: Session) {
      const operator = await requireOperator(session);
      return { items: (await repo.agreements(repo.db, operator.userId)).map(toAgreementWire) };
    },

    async request(
      session: Session,
      input: { perOrderMax: bigint; dailyMax: bigint; commissionBps: number; note: string },
      ip: string | null,
    ) {
      if (input.dailyMax < input.perOrderMax)
        throw new AppError(ErrorCode.BadParameter, 'body.dailyMax: must be at least perOrderMax');
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        await cards.lockOperator(tx, operator.userId);
        const id = await repo.insertAgreement(tx, {
          operatorId: operator.userId,
          projectId: operator.projectId,
          ...input,
          at: clock.now(),
        });
        const row = (await repo.agreement(tx, id))!;
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'agreement.request',
          objectType: 'payhub_agreement',
          objectId: String(id),
          after: toAgreementWire(row),
          ip,
        });
        return toAgreementWire(row);
      });
    },

    async state(session: Session) {
      const operator = await requireOperator(session);
      const rows = await repo.agreements(repo.db, operator.userId);
      const active = rows.find((row) => row.state === 'active');
      const pending = rows.find((row) => row.state === 'pending');
      return {
        terms: {
          perOrderMax: formatMoney(operator.perOrderMax),
          dailyMax: formatMoney(operator.dailyMax),
          commissionBps: operator.commissionBps,
        },
        active: active ? toAgreementWire(active) : null,
        pending: pending ? toAgreementWire(pending) : null,
      };
    },

    async adminAgreements(session: Session) {
      if (session.staffRole !== 'admin') throw noPermission();
      const rows = await repo.pendingAgreements(repo.db, session.projectId);
      return { items: rows.map((row) => ({ ...toAgreementWire(row), operatorId: row.operatorId })) };
    },

    async adminReview(
      session: Session,
      id: number,
      input: { decision: 'approve' | 'reject'; note: string },
      ip: string | null,
    ) {
      if (session.staffRole !== 'admin') throw noPermission();
      return repo.transaction(async (tx) => {
        const found = await repo.agreement(tx, id);
        if (!found || found.projectId !== session.projectId) throw notFound('agreement');
        await cards.lockOperator(tx, found.operatorId);
        const agreement = (await repo.agreement(tx, id, true))!;
        if (agreement.state !== 'pending')
          throw new AppError(ErrorCode.OrderAlreadyStarted, 'already reviewed');
        const before = await payhub.operator(tx, agreement.operatorId);
        await repo.decideAgreement(tx, agreement, {
          approve: input.decision === 'approve',
          reviewerId: session.userId,
          note: input.note,
          at: clock.now(),
        });
        const after = (await repo.agreement(tx, id))!;
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: `agreement.${input.decision}`,
          objectType: 'payhub_agreement',
          objectId: String(id),
          before: before
            ? {
                perOrderMax: formatMoney(before.perOrderMax),
                dailyMax: formatMoney(before.dailyMax),
                commissionBps: before.commissionBps,
              }
            : null,
          after: toAgreementWire(after),
          ip,
        });
        return toAgreementWire(after);
      });
    },

    // Contacts.
    async contactList(session: Session) {
      const operator = await requireOperator(session);
      return { items: (await repo.contacts(repo.db, operator.userId)).map(toContactWire) };
    },

    async addContact(
      session: Session,
      input: { channel: ContactRow['channel']; value: string; label: string },
    ) {
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        await cards.lockOperator(tx, operator.userId);
        const existing = await repo.contactByValue(tx, operator.userId, input.channel, input.value);
        if (existing) return toContactWire(existing);
        if ((await repo.contacts(tx, operator.userId)).length >= OPERATOR_CONTACTS_MAX)
          throw new AppError(ErrorCode.BankAccountLimit);
        const id = await repo.insertContact(tx, { operatorId: operator.userId, ...input, at: clock.now() });
        return toContactWire((await repo.contact(tx, id!))!);
      });
    },

    async getContact(session: Session, id: number) {
      const operator = await requireOperator(session);
      const contact = await repo.contact(repo.db, id);
      if (!contact || contact.operatorId !== operator.userId) throw notFound('contact');
      return toContactWire(contact);
    },

    // Shop.
    async shopProducts(session: Session) {
      await requireOperator(session);
      return {
        items: productsOf(project(session.projectId).currency).map((product) => ({
          id: product.id,
          faceValue: formatMoney(product.faceValue),
          price: formatMoney(product.price),
        })),
      };
    },

    async shopBuy(
      session: Session,
      productId: string,
      idempotencyKey: string | undefined,
      ip: string | null,
    ) {
      const currency = project(session.projectId).currency;
      const product = productsOf(currency).find((candidate) => candidate.id === productId);
      if (!product) throw notFound('product');
      return repo.transaction(async (tx) =>
        runIdempotent(
          tx,
          {
            userId: session.userId,
            key: idempotencyKey,
            operation: 'shop.buy',
            input: { productId },
            at: clock.now(),
          },
          async () => {
            const operator = await requireOperator(session, tx);
            const at = clock.now();
            const key = { projectId: operator.projectId, currency };
            const commission = await ledger.userAccount(tx, {
              ...key,
              kind: 'operator_commission',
              ownerId: operator.userId,
            });
            const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
            const id = await repo.insertVoucher(tx, {
              code: `V${randomBytes(6).toString('hex').toUpperCase()}`,
              operatorId: operator.userId,
              projectId: operator.projectId,
              currency,
              productId: product.id,
              price: product.price,
              faceValue: product.faceValue,
              at,
            });
            await withLedgerRefusals(() =>
              ledger.transfer(tx, {
                id: `voucher:${id}:purchase`,
                debitAccountId: commission.id,
                creditAccountId: house.id,
                amount: product.price,
                code: 'shop_purchase',
                reference: { type: 'shop_voucher', id: String(id) },
              }),
            );
            await writeAudit(tx, {
              projectId: session.projectId,
              actorId: session.userId,
              action: 'shop.buy',
              objectType: 'shop_voucher',
              objectId: String(id),
              after: { productId: product.id, price: formatMoney(product.price) },
              ip,
            });
            return toVoucherWire((await repo.voucher(tx, id))!);
          },
        ),
      );
    },

    async voucherQuery(session: Session, query: { page: number; count: number; state?: string | undefined }) {
      const operator = await requireOperator(session);
      const result = await repo.vouchers(
        repo.db,
        operator.userId,
        query.state ?? null,
        query.count,
        (query.page - 1) * query.count,
      );
      return { items: result.items.map(toVoucherWire), total: result.total };
    },

    async voucherClaim(session: Session, id: number, ip: string | null) {
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        const voucher = await repo.voucher(tx, id, true);
        if (!voucher || voucher.operatorId !== operator.userId) throw notFound('voucher');
        if (voucher.state === 'claimed') return toVoucherWire(voucher);
        const key = { projectId: voucher.projectId, currency: voucher.currency };
        const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
        const quota = await ledger.userAccount(tx, {
          ...key,
          kind: 'operator_quota',
          ownerId: operator.userId,
        });
        const at = clock.now();
        await repo.claimVoucher(tx, id, at);
        await ledger.transfer(tx, {
          id: `voucher:${id}:claim`,
          debitAccountId: house.id,
          creditAccountId: quota.id,
          amount: voucher.faceValue,
          code: 'voucher_claim',
          reference: { type: 'shop_voucher', id: String(id) },
        });
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'shop.voucher_claim',
          objectType: 'shop_voucher',
          objectId: String(id),
          before: { state: 'unclaimed' },
          after: { state: 'claimed', faceValue: formatMoney(voucher.faceValue) },
          ip,
        });
        return toVoucherWire((await repo.voucher(tx, id))!);
      });
    },
  };
}
export type PayhubToolsService = ReturnType<typeof createPayhubToolsService>;
