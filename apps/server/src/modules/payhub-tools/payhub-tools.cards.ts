import {
  type CardLink,
  ErrorCode,
  formatMoney,
  isRailBank,
  LINK_REMINDER_BEFORE_SECONDS,
  OPERATOR_CARDS_MAX,
  type OperatorCard,
  railBanks,
} from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import { AppError, noPermission } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';

import {
  databaseRefusal,
  type PayhubToolsDeps,
  type ToolsContext,
  toCardWire,
  toLinkWire,
} from './payhub-tools.context.ts';

/** An operator's receiving cards and their payment links: adding, editing, removing, binding a link. */
export function createToolsCards(deps: PayhubToolsDeps, context: ToolsContext) {
  const { repo, payhub, cards, clock } = deps;
  const { project, requireOperator, ownCard, withLinkUrl, requireVerifiedHolder } = context;

  return {
    async bankSupport(session: Session) {
      await requireOperator(session);
      return { items: railBanks(project(session.projectId).rails) };
    },

    async bankAdd(
      session: Session,
      input: { bankCode: string; accountNo: string; bankCardHolder: string },
      ip: string | null,
    ): Promise<OperatorCard> {
      if (!isRailBank(project(session.projectId).rails, input.bankCode))
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
  };
}
