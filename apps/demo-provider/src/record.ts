import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The provider's own record of every wallet transaction the operator accepted (RS_OK), one JSON line
 * each: what the operator's daily reconciliation compares its ledger against (GET /record?day=).
 */
export interface RecordLine {
  at: string;
  kind: 'bet' | 'win' | 'rollback';
  transaction_uuid: string;
  reference_transaction_uuid: string | null;
  round: string;
  user: string;
  currency: string;
  amount: number;
}

export function createRecord(file: string) {
  mkdirSync(dirname(file), { recursive: true });
  return {
    add(line: RecordLine): void {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    },
    /** The lines of one UTC day (YYYY-MM-DD). */
    day(day: string): RecordLine[] {
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as RecordLine)
        .filter((line) => line.at.slice(0, 10) === day);
    },
  };
}
export type ProviderRecord = ReturnType<typeof createRecord>;
