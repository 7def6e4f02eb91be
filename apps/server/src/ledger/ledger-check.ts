import type pg from 'pg';

/**
 * A named invariant: a query that answers the rows breaking it (empty = holds). Business modules add
 * their own (every order's transfers consistent with its state); the ledger's own are below.
 */
export interface LedgerInvariant {
  name: string;
  query: string;
}

export interface InvariantResult {
  name: string;
  violations: number;
  sample: unknown[];
}

export interface LedgerCheckReport {
  ok: boolean;
  results: InvariantResult[];
  transfers: number;
  accounts: number;
}

export const LEDGER_INVARIANTS: readonly LedgerInvariant[] = [
  {
    name: 'per-asset sum of all balances is zero',
    query: `SELECT currency AS asset, sum(amount)::text AS total FROM ledger_entries GROUP BY currency
            HAVING sum(amount) <> 0`,
  },
  {
    name: "a transfer's postings share one asset (its entries, their accounts and the transfer)",
    query: `SELECT t.id FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
              LEFT JOIN ledger_accounts a ON a.id = e.account_id
             GROUP BY t.id, t.currency
            HAVING count(DISTINCT e.currency) <> 1 OR min(e.currency) <> t.currency
                OR bool_or(a.id IS NULL OR a.currency <> t.currency)`,
  },
  {
    name: 'linked operations are whole: each has exactly its postings, each posting its operation',
    query: `SELECT o.id, o.postings, count(t.id) AS found FROM ledger_operations o
              LEFT JOIN ledger_transfers t ON t.operation_id = o.id
             GROUP BY o.id, o.postings HAVING count(t.id) <> o.postings
            UNION ALL
            SELECT t.operation_id, NULL, NULL FROM ledger_transfers t
             WHERE t.operation_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM ledger_operations o WHERE o.id = t.operation_id)`,
  },
  {
    name: 'every posted transfer has two entries that cancel out',
    query: `SELECT t.id, count(e.id) AS entries, COALESCE(sum(e.amount), 0)::text AS total
              FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
             GROUP BY t.id, t.kind
            HAVING (t.kind IN ('single', 'post') AND (count(e.id) <> 2 OR sum(e.amount) <> 0
                     OR min(e.amount) <> -max(e.amount)))
                OR (t.kind IN ('pending', 'void') AND count(e.id) <> 0)`,
  },
  {
    name: 'entries match their transfer (accounts, amount, currency)',
    query: `SELECT e.id, e.transfer_id FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
             WHERE e.currency <> t.currency
                OR NOT ((e.amount = -t.amount AND e.account_id = t.debit_account_id)
                     OR (e.amount = t.amount AND e.account_id = t.credit_account_id))`,
  },
  {
    name: 'every entry names an existing transfer',
    query: `SELECT e.id, e.transfer_id FROM ledger_entries e
             WHERE NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = e.transfer_id)`,
  },
  {
    name: 'transfers name existing accounts of their currency',
    query: `SELECT t.id FROM ledger_transfers t
              LEFT JOIN ledger_accounts d ON d.id = t.debit_account_id
              LEFT JOIN ledger_accounts c ON c.id = t.credit_account_id
             WHERE d.id IS NULL OR c.id IS NULL OR d.currency <> t.currency OR c.currency <> t.currency`,
  },
  {
    name: 'a post or void resolves a pending transfer with its accounts and amount',
    query: `SELECT r.id FROM ledger_transfers r LEFT JOIN ledger_transfers p ON p.id = r.pending_id
             WHERE r.kind IN ('post', 'void')
               AND (p.id IS NULL OR p.kind <> 'pending' OR p.amount <> r.amount
                    OR p.debit_account_id <> r.debit_account_id OR p.credit_account_id <> r.credit_account_id)`,
  },
  {
    name: 'user balances equal the sum of their entries',
    query: `SELECT a.id, a.balance::text, COALESCE(s.total, 0)::text AS entries
              FROM ledger_accounts a
              LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s
                ON s.account_id = a.id
             WHERE NOT a.is_system AND a.balance <> COALESCE(s.total, 0)`,
  },
  {
    name: 'held amounts equal the open pending transfers',
    query: `SELECT a.id, a.pending_debits::text, COALESCE(h.total, 0)::text AS open_holds
              FROM ledger_accounts a
              LEFT JOIN (SELECT p.debit_account_id, sum(p.amount) AS total FROM ledger_transfers p
                          WHERE p.kind = 'pending'
                            AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = p.id)
                          GROUP BY p.debit_account_id) h ON h.debit_account_id = a.id
             WHERE NOT a.is_system AND a.pending_debits <> COALESCE(h.total, 0)`,
  },
  {
    name: 'no user account below zero',
    query: `SELECT id, balance::text, pending_debits::text FROM ledger_accounts
             WHERE NOT is_system AND (balance < 0 OR balance - pending_debits < 0)`,
  },
  {
    name: 'every user account balance history is continuous',
    query: `SELECT account_id, id FROM (
              SELECT e.account_id, e.id, e.balance_after,
                     COALESCE(lag(e.balance_after) OVER (PARTITION BY e.account_id ORDER BY e.id), 0) + e.amount AS expected
                FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE NOT a.is_system) h
             WHERE balance_after <> expected`,
  },
];

const SAMPLE_ROWS = 5;

/** Runs every invariant in one repeatable-read snapshot, so concurrent writes cannot mislead it. */
export async function checkLedger(
  pool: pg.Pool,
  extra: readonly LedgerInvariant[] = [],
): Promise<LedgerCheckReport> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const results: InvariantResult[] = [];
    for (const invariant of [...LEDGER_INVARIANTS, ...extra]) {
      const { rows } = await client.query(invariant.query);
      results.push({ name: invariant.name, violations: rows.length, sample: rows.slice(0, SAMPLE_ROWS) });
    }
    const counts = await client.query<{ transfers: string; accounts: string }>(
      'SELECT (SELECT count(*) FROM ledger_transfers) AS transfers, (SELECT count(*) FROM ledger_accounts) AS accounts',
    );
    await client.query('COMMIT');
    return {
      ok: results.every((result) => result.violations === 0),
      results,
      transfers: Number(counts.rows[0]?.transfers ?? 0),
      accounts: Number(counts.rows[0]?.accounts ?? 0),
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export function formatReport(report: LedgerCheckReport): string {
  const lines = report.results.map(
    (result) =>
      `${result.violations === 0 ? 'ok  ' : 'FAIL'} ${result.name}${
        result.violations === 0 ? '' : ` (${result.violations}: ${JSON.stringify(result.sample)})`
      }`,
  );
  lines.push(
    `ledger check ${report.ok ? 'clean' : 'FAILED'}: ${report.transfers} transfers, ${report.accounts} accounts`,
  );
  return lines.join('\n');
}
