import type { Executor } from '../../platform/db/database.ts';
import { payhubFiguresRepo } from './payhub-figures.repo.ts';

/** Payhub's reads for other modules' reports: which users are operators, and their credited deposits. */
export function createPayhubFigures() {
  return {
    operators: payhubFiguresRepo.operators,
    /** Credited deposits per operator in [from, to), by operator id (operators with none are absent). */
    async creditedTotals(executor: Executor, operatorIds: readonly number[], from: Date, to: Date) {
      const rows = await payhubFiguresRepo.creditedTotals(executor, operatorIds, from, to);
      return new Map(rows.map((row) => [row.operatorId, row]));
    },
  };
}
export type PayhubFigures = ReturnType<typeof createPayhubFigures>;
