// Settings an admin saves through one node apply on the other at once (platform/project-cache.ts):
// nodes A and B share PostgreSQL and a Redis namespace; B has the settings cached when A changes
// them, and B's next bet or read already sees the change, not after B's cache period (5 s).
// Runs only when REDIS_URL is set (CI's external-services pass).
import { randomBytes, randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { ErrorCode } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../../test/api-errors.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

// biome-ignore lint/style/noProcessEnv: the two-node test runs only where CI provides Redis
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('console settings on two nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let admin: PayhubClient;
  let player: PayhubClient;
  beforeAll(async () => {
    const namespace = `settings-${randomBytes(4).toString('hex')}`;
    nodeA = await startTestApp({ realClock: true, namespace });
    const databaseName = new URL(nodeA.databaseUrl).pathname.slice(1);
    nodeB = await startTestApp({ realClock: true, namespace, databaseName });
    admin = await nodeA.signIn('admin', 12);
    player = await nodeB.signIn('player', 12);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  const diceBet = () =>
    player.api.games.bet({
      body: {
        id: randomUUID(),
        asset: 'YEC',
        stake: '1.00',
        params: { game: 'dice', target: 4950, direction: 'under' },
      },
    });

  it("a game switched off through node A is refused by node B's next bet, and taken again once on", async () => {
    expect(await codeOf(diceBet())).toBe(-1); // B now holds the settings in its cache
    const dice = (await admin.api.console.games()).configs.find(
      (row) => row.game === 'dice' && row.asset === 'YEC',
    )!;
    await admin.api.console.updateGame({ body: { ...dice, enabled: false } });
    expect(await codeOf(diceBet())).toBe(ErrorCode.GameUnavailable);
    await admin.api.console.updateGame({ body: { ...dice, enabled: true } });
    expect(await codeOf(diceBet())).toBe(-1);
  });

  it("a stake range set through node A is node B's at once (its bets read the same copy its state shows)", async () => {
    const limits = async () =>
      (await player.api.rounds.state({ params: { game: 'crash' } })).stakes.find(
        (row) => row.asset === 'IDR',
      );
    expect(await limits()).toMatchObject({ minStake: '1000.00' }); // cached on B
    await admin.api.console.updateRoundStakes({
      body: { game: 'crash', asset: 'IDR', minStake: '2000', maxStake: '3000' },
    });
    expect(await limits()).toEqual({ asset: 'IDR', minStake: '2000.00', maxStake: '3000.00' });
  });
});
