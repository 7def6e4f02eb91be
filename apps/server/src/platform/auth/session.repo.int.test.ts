// The live-session read behind every cached session's refresh: it answers live sessions only, and
// writes a session's last-seen time when it is older than LAST_SEEN_PRECISION_SECONDS, not at
// every read (each write was a row version and a flushed commit per active player every 20 s).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSessionRepo, LAST_SEEN_PRECISION_SECONDS } from './session.repo.ts';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
}, 60_000);
afterAll(async () => {
  await test?.close();
});

async function newSession(expiresAt: Date): Promise<{ hash: Buffer; key: string }> {
  const user = await test.database.pool.query<{ id: string; project_id: number }>(
    'SELECT id::text AS id, project_id FROM users WHERE project_id = 12 ORDER BY id LIMIT 1',
  );
  const hash = createHash('sha256').update(randomBytes(32)).digest();
  await createSessionRepo(test.database.db).insert({
    tokenHash: hash,
    userId: Number(user.rows[0]!.id),
    projectId: user.rows[0]!.project_id,
    clientId: null,
    expiresAt,
  });
  return { hash, key: hash.toString('hex') };
}

async function lastSeen(hash: Buffer): Promise<number | null> {
  const row = await test.database.pool.query<{ last_seen_at: Date | null }>(
    'SELECT last_seen_at FROM sessions WHERE token_hash = $1',
    [hash],
  );
  return row.rows[0]?.last_seen_at?.getTime() ?? null;
}

describe('seeLive', () => {
  it('writes last-seen on the first read and again only once it is older than the precision', async () => {
    const repo = createSessionRepo(test.database.db);
    const start = new Date(Date.now() - 3_600_000);
    const { hash, key } = await newSession(new Date(start.getTime() + 86_400_000));
    expect(await lastSeen(hash)).toBeNull();

    expect((await repo.seeLive([hash], start)).has(key)).toBe(true);
    expect(await lastSeen(hash)).toBe(start.getTime());

    const within = new Date(start.getTime() + (LAST_SEEN_PRECISION_SECONDS - 1) * 1000);
    expect((await repo.seeLive([hash], within)).get(key)?.userId).toBeGreaterThan(0);
    expect(await lastSeen(hash)).toBe(start.getTime());

    const after = new Date(start.getTime() + (LAST_SEEN_PRECISION_SECONDS + 1) * 1000);
    expect((await repo.seeLive([hash], after)).has(key)).toBe(true);
    expect(await lastSeen(hash)).toBe(after.getTime());
  });

  it('leaves out revoked and expired sessions, and writes nothing for them', async () => {
    const repo = createSessionRepo(test.database.db);
    const now = new Date();
    const live = await newSession(new Date(now.getTime() + 86_400_000));
    const expired = await newSession(new Date(now.getTime() - 1_000));
    const revoked = await newSession(new Date(now.getTime() + 86_400_000));
    await test.database.pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
      revoked.hash,
    ]);

    const answer = await repo.seeLive([live.hash, expired.hash, revoked.hash], now);
    expect([...answer.keys()]).toEqual([live.key]);
    expect(await lastSeen(expired.hash)).toBeNull();
    expect(await lastSeen(revoked.hash)).toBeNull();
  });
});
