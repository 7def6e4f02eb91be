// A failing audit line on demand, for tests that prove a change and its audit line commit together:
// while refused, inserting an audit_log line of `action` raises, as a full disk or a lost connection
// would at that statement.
import type { TestApp } from './test-app.ts';

/** Refuses every audit line of `action` until the returned function is called (one at a time). */
export async function refuseAudit(testApp: TestApp, action: string): Promise<() => Promise<void>> {
  const pool = testApp.database.pool;
  await pool.query(`
    CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit line refused by the test'; END $$`);
  await pool.query(`
    CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = ${pgLiteral(action)}) EXECUTE FUNCTION test_refuse_audit()`);
  return async () => {
    await pool.query('DROP TRIGGER test_refuse_audit ON audit_log');
  };
}

const pgLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
