import { payhubFiguresRepo } from './payhub-figures.repo.ts';

/**
 * Payhub's reads for other modules' reports: which users are operators, and their credited deposits
 * per operator in a period (a map by operator id; operators with none are absent).
 */
export function createPayhubFigures() {
  return { operators: payhubFiguresRepo.operators, creditedTotals: payhubFiguresRepo.creditedTotals };
}
export type PayhubFigures = ReturnType<typeof createPayhubFigures>;
