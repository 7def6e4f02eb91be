// Proves that admins saving one stake range at once on the real database are serialised: each save's
// audit line reads its "before" locked in its own transaction, so the lines chain (each one's before
// is the previous one's after, the first's the defaults) and the last line's after is the stored range.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Session } from '../../platform/http/request-context.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

const admin: Session = {
  userId: 1,
  projectId: 12,
  tokenHash: '',
  expiresAt: new Date(Date.now() + 3_600_000),
  staffRole: 'admin',
};

describe('round stakes set, concurrently', () => {
  it("chains the audit lines of concurrent saves: each one's before is the previous one's after", async () => {
    const saves = 6;
    const { service } = testApp.app.rounds;
    await Promise.all(
      Array.from({ length: saves }, (_, index) =>
        service.setStakeRange(
          admin,
          { game: 'crash', asset: 'YEC', minStake: `${index + 1}`, maxStake: `${index + 100}` },
          null,
        ),
      ),
    );
    const lines = await testApp.database.db.execute<{ before: Limits; after: Limits }>(sql`
      SELECT before, after FROM audit_log
       WHERE project_id = 12 AND action = 'rounds.stakes' AND object_id = 'crash:YEC' ORDER BY id`);
    expect(lines.rows).toHaveLength(saves);
    expect(lines.rows[0]!.before).toEqual({ asset: 'YEC', minStake: '1.00', maxStake: '100000.00' });
    for (let index = 1; index < saves; index += 1)
      expect(lines.rows[index]!.before, `line ${index}`).toEqual(lines.rows[index - 1]!.after);
    const stored = (await service.stakeRanges(12)).find(
      (range) => range.game === 'crash' && range.asset === 'YEC',
    );
    expect(stored).toMatchObject(lines.rows[saves - 1]!.after);
  });
});

interface Limits {
  asset: string;
  minStake: string;
  maxStake: string;
}
