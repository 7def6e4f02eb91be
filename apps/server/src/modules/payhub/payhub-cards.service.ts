import type { Executor } from '../../platform/db/database.ts';
import { type OperatorCardRow, payhubCardsRepo } from './payhub-cards.repo.ts';

export type { OperatorCardRow } from './payhub-cards.repo.ts';

/**
 * Operators' cards and terms as other payment modules change them (the operator tools add, edit and
 * remove cards and approve agreements; commission pays out to a card). Payhub owns the tables; each
 * call runs on the caller's executor, so it commits with the caller's transaction.
 */
export function createPayhubCards() {
  const repo = payhubCardsRepo;
  return {
    cards: repo.cards,
    liveCardCount: repo.liveCardCount,
    cardByNumber: repo.cardByNumber,
    activeCardId: repo.activeCardId,
    numberTaken: repo.numberTaken,
    insertCard: repo.insertCard,
    updateCard: repo.updateCard,
    removeCard: repo.removeCard,
    openOrdersOnCard: repo.openOrdersOnCard,
    lockOperator: repo.lockOperator,
    setOperatorTerms: repo.setOperatorTerms,
    async cardById(executor: Executor, id: number): Promise<OperatorCardRow | null> {
      return (await repo.cardsByIds(executor, [id]))[0] ?? null;
    },
    /** The cards of these ids, by id. */
    async cardsByIds(executor: Executor, ids: readonly number[]): Promise<Map<number, OperatorCardRow>> {
      const cards = await repo.cardsByIds(executor, [...new Set(ids)]);
      return new Map(cards.map((card) => [card.id, card]));
    },
  };
}
export type PayhubCards = ReturnType<typeof createPayhubCards>;
