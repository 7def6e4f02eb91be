// Proves the session cache's timing: a session is read once, answered from the cache while young,
// re-read in the background (refresh-ahead) once older than half its lifetime while the cached one
// still answers, dropped when that read finds it revoked, and read in the foreground once too old.
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { ManualClock } from '../clock.ts';
import type { SessionRepo, SessionRow } from './session.repo.ts';
import { createSessionService, REVOKE_CHANNEL } from './session.service.ts';

const TOKEN = 'a'.repeat(43);

function fakeRepo(clock: ManualClock) {
  const row: SessionRow = {
    userId: 7,
    projectId: 12,
    expiresAt: new Date(clock.now().getTime() + 86_400_000),
    revokedAt: null,
    staffRole: null,
  };
  const calls = { find: 0, batches: [] as number[] };
  const repo = {
    // A live session is read (and seen) in one statement; `find` only tells why one is not live.
    async seeLive(hashes: Buffer[]) {
      calls.find += 1;
      calls.batches.push(hashes.length);
      return liveAs(hashes, row.revokedAt ? null : row);
    },
    async find() {
      return { ...row };
    },
  } as unknown as SessionRepo;
  return { repo, row, calls };
}

/** `seeLive`'s answer: every hash asked for live as `row`, or none. */
function liveAs(hashes: Buffer[], row: SessionRow | null): Map<string, SessionRow> {
  return new Map(row ? hashes.map((hash) => [hash.toString('hex'), { ...row }] as const) : []);
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function authenticatorOver(clock: ManualClock, repo: SessionRepo) {
  const service = await createSessionService({ repo, clock, bus: createInProcessBus(), sessionDays: 30 });
  return service.authenticator;
}

describe('session cache', () => {
  it('reads once, refreshes ahead in the background, and never serves an entry past its lifetime', async () => {
    const clock = new ManualClock();
    const { repo, calls } = fakeRepo(clock);
    const authenticator = await authenticatorOver(clock, repo);
    expect((await authenticator.authenticate(TOKEN)).userId).toBe(7);
    expect(calls.find).toBe(1);
    clock.advance(10_000);
    await authenticator.authenticate(TOKEN);
    await settle();
    expect(calls.find).toBe(1);
    // Past half its lifetime: answered from the cache at once, re-read behind it (once, however many ask).
    clock.advance(12_000);
    await Promise.all([authenticator.authenticate(TOKEN), authenticator.authenticate(TOKEN)]);
    await settle();
    expect(calls.find).toBe(2);
    // The refreshed entry is young again.
    clock.advance(15_000);
    await authenticator.authenticate(TOKEN);
    await settle();
    expect(calls.find).toBe(2);
    // Not used for its whole lifetime: read before answering.
    clock.advance(40_000);
    await authenticator.authenticate(TOKEN);
    expect(calls.find).toBe(3);
  });

  it('drops an entry whose background read finds the session revoked', async () => {
    const clock = new ManualClock();
    const { repo, row } = fakeRepo(clock);
    const authenticator = await authenticatorOver(clock, repo);
    await authenticator.authenticate(TOKEN);
    row.revokedAt = clock.now();
    clock.advance(25_000);
    // Still within its lifetime (a revocation's broadcast would have evicted it; this one was missed).
    expect((await authenticator.authenticate(TOKEN)).userId).toBe(7);
    await settle();
    await expect(authenticator.authenticate(TOKEN)).rejects.toMatchObject({ errCode: 1 });
  });

  it('reads the sessions asked for while a read runs together, in the next statement', async () => {
    const clock = new ManualClock();
    const { repo, calls } = fakeRepo(clock);
    const authenticator = await authenticatorOver(clock, repo);
    const tokens = Array.from({ length: 6 }, (_, index) => String.fromCharCode(98 + index).repeat(43));
    await authenticator.authenticate(TOKEN);
    // Six players' first requests while nothing is being read: one statement for all six.
    const sessions = await Promise.all(tokens.map((token) => authenticator.authenticate(token)));
    expect(sessions.map((session) => session.userId)).toEqual(Array(6).fill(7));
    expect(calls.batches).toEqual([1, 6]);
  });

  it('does not cache a read that was under way when a revocation was broadcast', async () => {
    const clock = new ManualClock();
    const { row } = fakeRepo(clock);
    let release: () => void = () => undefined;
    let reads = 0;
    const repo = {
      async seeLive(hashes: Buffer[]) {
        reads += 1;
        // The first read sees the session as it is now and answers only when released.
        const answer = liveAs(hashes, row.revokedAt ? null : row);
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
      async find() {
        return { ...row };
      },
    } as unknown as SessionRepo;
    const bus = createInProcessBus();
    const { authenticator } = await createSessionService({ repo, clock, bus, sessionDays: 30 });
    const first = authenticator.authenticate(TOKEN);
    await settle();
    // Revoked and broadcast while the first read is under way (it read the session still live).
    row.revokedAt = clock.now();
    await bus.publish(REVOKE_CHANNEL, { userId: 7 });
    release();
    expect((await first).userId).toBe(7);
    await expect(authenticator.authenticate(TOKEN)).rejects.toMatchObject({ errCode: 1 });
    expect(reads).toBe(2);
  });
});
