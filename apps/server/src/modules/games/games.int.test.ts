// Proves the in-house games through the API: seed pairs (next hash before the client seed, rotation
// reveals, refused while a game is open), bets held and settled through the ledger and shown in the
// wallet history, idempotent by the bet id, multi-step games that never show hidden state before
// settlement (responses and pushes inspected), bad input on every endpoint refused with nothing moved,
// and the concurrency rules: 200 parallel bets against a balance for 20, 50 parallel cash-outs, nonces
// never shared, and 1,000 settled bets re-verified with packages/games after a rotation.
import { randomUUID } from 'node:crypto';
import { createPayhubClient, type PayhubClient } from '@payhub/client';
import { type Asset, type BetWire, GamesRealtimeRoute, parseAmount } from '@payhub/contracts';
import { diceRollHundredths, fruitBombLayout, minesLayout, verify } from '@payhub/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { createInProcessBus } from '../../platform/bus/in-process-bus.ts';

let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;
let admin: PayhubClient;
let playerId: number;
const pushed: string[] = [];

async function available(client: PayhubClient, asset: Asset): Promise<bigint> {
  const answer = await client.api.wallet.balances();
  const item = answer.items.find((row) => row.asset === asset)!;
  return parseAmount(item.available, asset, 'wire');
}

async function serverSeedOf(userId: number, status: 'active' | 'next' = 'active'): Promise<string> {
  const result = await testApp.database.pool.query<{ server_seed: string }>(
    'SELECT server_seed FROM game_seed_pairs WHERE player_id = $1 AND status = $2',
    [userId, status],
  );
  return result.rows[0]!.server_seed;
}

const dice = (
  stake: string,
  target = 4950,
  asset: Asset = 'YEC',
  id: string = randomUUID(),
  direction: 'under' | 'over' = 'under',
) => ({
  body: { id, asset, stake, params: { game: 'dice' as const, target, direction } },
});

beforeAll(async () => {
  const bus = createInProcessBus();
  await bus.subscribe('realtime.notify', (message) => void pushed.push(JSON.stringify(message)));
  await bus.subscribe('realtime.broadcast', (message) => void pushed.push(JSON.stringify(message)));
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' }, overrides: { bus } });
  player = await testApp.signIn('player');
  other = await testApp.signIn('player-2');
  admin = await testApp.signIn('admin');
  playerId = await userIdOf(player);
});
afterAll(async () => testApp?.close());

describe('games', () => {
  it('lists the seeded games of the project in its currency and YEC', async () => {
    const lobby = await player.api.games.lobby();
    expect(lobby.gameAsset).toBe('IDR');
    // Project 12's own currency and YEC.
    expect(lobby.assets).toHaveLength(2);
    expect(lobby.assets).toContain(lobby.gameAsset);
    expect(lobby.assets).toContain('YEC');
    expect(lobby.games.map((game) => game.game)).toEqual([
      'dice',
      'coinflip',
      'roulette',
      'mines',
      'hilo',
      'roller',
      'fruit-bomb',
    ]);
    const mines = lobby.games.find((game) => game.game === 'mines')!;
    expect(mines.configs.find((config) => config.asset === 'YEC')).toEqual({
      game: 'mines',
      asset: 'YEC',
      enabled: true,
      minBet: '1.00',
      maxBet: '100000.00',
      maxPayout: '10000000.00',
      edgeBp: 3,
    });
  });

  it('shows the next server-seed hash before the client seed is chosen; rotation reveals the seed', async () => {
    const seeds = await player.api.games.seeds();
    expect(seeds.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.active.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.active.nextServerSeedHash).not.toBe(seeds.active.serverSeedHash);
    const set = await player.api.games.setClientSeed({ body: { clientSeed: 'my-own-seed' } });
    expect(set.clientSeed).toBe('my-own-seed');
    const bet = await player.api.games.bet(dice('1.00'));
    expect(bet).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0, serverSeed: null });
    expect(bet.serverSeedHash).toBe(seeds.active.serverSeedHash);
    const rotated = await player.api.games.rotateSeed({ body: { clientSeed: 'second-seed' } });
    expect(rotated.revealed.serverSeedHash).toBe(seeds.active.serverSeedHash);
    expect(rotated.revealed.bets).toBe(1);
    expect(rotated.active.serverSeedHash).toBe(seeds.active.nextServerSeedHash);
    expect(rotated.active).toMatchObject({ clientSeed: 'second-seed', nonce: 0 });
    // The revealed seed reproduces the bet with the same code the verifier runs.
    const detail = await player.api.games.betDetail({ params: { betId: bet.id } });
    expect(detail.serverSeed).toBe(rotated.revealed.serverSeed);
    const roll = verify('dice', detail.serverSeed!, 'my-own-seed', 0) as { roll: number };
    expect(detail.outcome).toMatchObject({ game: 'dice', roll: Math.round(roll.roll * 100) });
  });

  it('holds and settles a bet through the ledger, shown in the wallet history as bet and win', async () => {
    const before = await available(player, 'YEC');
    const seed = await serverSeedOf(playerId);
    const seeds = await player.api.games.seeds();
    // Pick a target the next roll wins, so the history holds both rows.
    const roll = diceRollHundredths({
      serverSeed: seed,
      clientSeed: seeds.active.clientSeed,
      nonce: seeds.active.nonce,
    });
    // Under wins below the target (at most 98.00); a roll of 98.00 or more wins over one below it.
    const direction = roll < 9_800 ? 'under' : 'over';
    const target = direction === 'under' ? roll + 1 : roll - 1;
    const bet = await player.api.games.bet(dice('10.00', target, 'YEC', randomUUID(), direction));
    expect(bet.status).toBe('won');
    const payout = parseAmount(bet.payout, 'YEC', 'wire');
    expect(await available(player, 'YEC')).toBe(before - 1_000n + payout);
    const history = await player.api.wallet.history({ query: { asset: 'YEC', count: 5 } });
    const rows = history.items.filter((row) => row.objectId === bet.id);
    expect(rows.map((row) => [row.type, row.amount, row.objectType]).sort()).toEqual(
      [
        ['bet', '-10.00', 'game_bet'],
        ['win', bet.payout, 'game_bet'],
      ].sort(),
    );
    // A retry with the same id answers the same bet and moves nothing.
    const again = await player.api.games.bet(dice('10.00', target, 'YEC', bet.id, direction));
    expect(again).toEqual(bet);
    expect(await available(player, 'YEC')).toBe(before - 1_000n + payout);
    // The same id for another bet is refused.
    expect(
      (await failure(player.api.games.bet(dice('11.00', target, 'YEC', bet.id, direction)))).errCode,
    ).toBe(10014);
    await expectLedgerClean(testApp);
  });

  it('refuses bad input on every endpoint with a clear code and moves nothing', async () => {
    const before = { YEC: await available(player, 'YEC'), IDR: await available(player, 'IDR') };
    const nonce = (await player.api.games.seeds()).active.nonce;
    const bet = (asset: Asset, stake: string, params: Record<string, unknown>) =>
      failure(player.api.games.bet({ body: { id: randomUUID(), asset, stake, params } as never }));
    expect((await bet('YEC', '1.00', { game: 'mines', mines: 0 })).errCode).toBe(3);
    expect((await bet('YEC', '1.00', { game: 'mines', mines: 25 })).errCode).toBe(3);
    expect((await bet('YEC', '1.00', { game: 'roller', target: 0, direction: 'over' })).errCode).toBe(3);
    expect((await bet('YEC', '1.00', { game: 'roller', target: 100_000, direction: 'under' })).errCode).toBe(
      3,
    );
    // Within 1–99 999 but a win chance the rules refuse (multiplier under 1.01×).
    expect((await bet('YEC', '1.00', { game: 'roller', target: 2, direction: 'over' })).errCode).toBe(3);
    expect((await bet('YEC', '0.99', { game: 'dice', target: 4950, direction: 'under' })).errCode).toBe(702);
    expect((await bet('YEC', '100000.01', { game: 'dice', target: 4950, direction: 'under' })).errCode).toBe(
      702,
    );
    expect((await bet('YEC', '1.001', { game: 'dice', target: 4950, direction: 'under' })).errCode).toBe(702);
    expect((await bet('IDR', '999.99', { game: 'dice', target: 4950, direction: 'under' })).errCode).toBe(
      702,
    );
    expect((await bet('YEC', '-1', { game: 'dice', target: 4950, direction: 'under' })).errCode).toBe(3);
    // USDT is no game asset of the project: the game is unavailable in it.
    expect((await bet('USDT', '1.00', { game: 'dice', target: 4950, direction: 'under' })).errCode).toBe(
      10006,
    );
    // A single bet that could pay more than the max payout.
    expect((await bet('YEC', '100000.00', { game: 'dice', target: 1, direction: 'under' })).errCode).toBe(
      711,
    );
    expect(
      (
        await bet('YEC', '2.00', {
          game: 'roulette',
          bets: [{ kind: 'straight', numbers: [7], amount: '1.00' }],
        })
      ).errCode,
    ).toBe(3);
    expect(
      (
        await bet('YEC', '1.00', {
          game: 'roulette',
          bets: [{ kind: 'split', numbers: [1, 5], amount: '1.00' }],
        })
      ).errCode,
    ).toBe(3);
    expect((await bet('YEC', '1.00', { game: 'coinflip', mode: 'single' })).errCode).toBe(3);
    expect((await bet('YEC', '1.00', { game: 'hilo', extra: 1 })).errCode).toBe(3);
    // More than the balance.
    expect((await bet('YEC', '99999.00', { game: 'mines', mines: 3 })).errCode).toBe(10002);
    // Foreign and unknown bet ids; a finished game.
    const own = await player.api.games.bet(dice('1.00'));
    for (const call of [
      () => other.api.games.betDetail({ params: { betId: own.id } }),
      () => other.api.games.cashOut({ params: { betId: own.id } }),
      () => other.api.games.move({ params: { betId: own.id }, body: { move: 'reveal', tile: 3 } }),
      () => player.api.games.betDetail({ params: { betId: randomUUID() } }),
    ])
      expect((await failure(call())).errCode).toBe(404);
    expect((await failure(player.api.games.betDetail({ params: { betId: 'not-a-uuid' } }))).errCode).toBe(3);
    expect((await failure(player.api.games.cashOut({ params: { betId: own.id } }))).errCode).toBe(10011);
    expect(
      (await failure(player.api.games.move({ params: { betId: own.id }, body: { move: 'reveal', tile: 3 } })))
        .errCode,
    ).toBe(10011);
    expect(
      (
        await failure(
          player.api.games.move({ params: { betId: own.id }, body: { move: 'reveal', tile: 25 } } as never),
        )
      ).errCode,
    ).toBe(3);
    expect(
      (await failure(player.api.games.setClientSeed({ body: { clientSeed: 'has space' } }))).errCode,
    ).toBe(3);
    expect((await failure(player.api.games.config())).errCode).toBe(1031);
    const stakeMoved = parseAmount(own.stake, 'YEC', 'wire') - parseAmount(own.payout, 'YEC', 'wire');
    expect(await available(player, 'YEC')).toBe(before.YEC - stakeMoved);
    expect(await available(player, 'IDR')).toBe(before.IDR);
    // Only the one valid bet took a nonce.
    expect((await player.api.games.seeds()).active.nonce).toBe(nonce + 1);
    await expectLedgerClean(testApp);
  });

  it('switches a game off (10006) and back on; admin only, edge within bounds', async () => {
    const config = {
      game: 'roller' as const,
      asset: 'YEC' as const,
      enabled: false,
      minBet: '1.00',
      maxBet: '100000.00',
      maxPayout: '10000000.00',
      edgeBp: null,
    };
    expect((await failure(player.api.games.updateConfig({ body: config }))).errCode).toBe(1031);
    await admin.api.games.updateConfig({ body: config });
    const roller = { game: 'roller' as const, target: 50_000, direction: 'under' as const };
    expect(
      (
        await failure(
          player.api.games.bet({ body: { id: randomUUID(), asset: 'YEC', stake: '1.00', params: roller } }),
        )
      ).errCode,
    ).toBe(10006);
    await admin.api.games.updateConfig({ body: { ...config, enabled: true } });
    const played = await player.api.games.bet({
      body: { id: randomUUID(), asset: 'YEC', stake: '1.00', params: roller },
    });
    expect(['won', 'lost']).toContain(played.status);
    expect(
      (await failure(admin.api.games.updateConfig({ body: { ...config, game: 'mines', edgeBp: 21 } })))
        .errCode,
    ).toBe(3);
    expect((await failure(admin.api.games.updateConfig({ body: { ...config, edgeBp: 5 } }))).errCode).toBe(3);
  });

  it('plays mines, hilo, fruit bomb and a coinflip streak without showing hidden state before settlement', async () => {
    pushed.length = 0;
    const responses: Array<{ game: string; open: boolean; text: string; bet: BetWire }> = [];
    const keep = (bet: BetWire) => {
      responses.push({ game: bet.game, open: bet.status === 'open', text: JSON.stringify(bet), bet });
      return bet;
    };
    const seeds = await player.api.games.seeds();
    const serverSeed = await serverSeedOf(playerId);
    const seedOf = (nonce: number) => ({ serverSeed, clientSeed: seeds.active.clientSeed, nonce });

    // Mines: reveal two safe tiles, check the rotation is refused while open, resume, cash out.
    const mines = keep(
      await player.api.games.bet({
        body: { id: randomUUID(), asset: 'YEC', stake: '5.00', params: { game: 'mines', mines: 3 } },
      }),
    );
    expect(mines.status).toBe('open');
    const layout = minesLayout(seedOf(mines.nonce), 3);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !layout.includes(tile));
    keep(
      await player.api.games.move({ params: { betId: mines.id }, body: { move: 'reveal', tile: safe[0]! } }),
    );
    keep(
      await player.api.games.move({ params: { betId: mines.id }, body: { move: 'reveal', tile: safe[1]! } }),
    );
    expect(
      (
        await failure(
          player.api.games.move({ params: { betId: mines.id }, body: { move: 'reveal', tile: safe[1]! } }),
        )
      ).errCode,
    ).toBe(10013);
    expect((await failure(player.api.games.rotateSeed({ body: {} }))).errCode).toBe(10010);
    expect((await failure(player.api.games.setClientSeed({ body: { clientSeed: 'x' } }))).errCode).toBe(
      10010,
    );
    expect(
      (
        await failure(
          player.api.games.bet({
            body: { id: randomUUID(), asset: 'YEC', stake: '5.00', params: { game: 'mines', mines: 3 } },
          }),
        )
      ).errCode,
    ).toBe(10010);
    const resumed = (await player.api.games.open({ params: { game: 'mines' } })).bet!;
    keep(resumed);
    expect(resumed.outcome).toMatchObject({ revealed: [safe[0], safe[1]], minePositions: null });
    keep((await player.api.games.myBets({ query: { game: 'mines' } })).items[0]!);
    keep(await player.api.games.betDetail({ params: { betId: mines.id } }));
    const feedWhileOpen = JSON.stringify(await player.api.games.feed({ query: {} }));
    expect(feedWhileOpen).not.toContain(mines.id);
    const cashed = keep(await player.api.games.cashOut({ params: { betId: mines.id } }));
    expect(cashed.status).toBe('won');
    expect(cashed.outcome).toMatchObject({ minePositions: layout });

    // Hilo: skip, then cash out is refused before a win; guess until the game ends or cash out.
    const hilo = keep(
      await player.api.games.bet({
        body: { id: randomUUID(), asset: 'YEC', stake: '5.00', params: { game: 'hilo' } },
      }),
    );
    expect((await failure(player.api.games.cashOut({ params: { betId: hilo.id } }))).errCode).toBe(10012);
    let hiloNow = keep(
      await player.api.games.move({ params: { betId: hilo.id }, body: { move: 'guess', guess: 'skip' } }),
    );
    for (let step = 0; step < 3 && hiloNow.status === 'open'; step += 1)
      hiloNow = keep(
        await player.api.games.move({ params: { betId: hilo.id }, body: { move: 'guess', guess: 'higher' } }),
      );
    if (hiloNow.status === 'open')
      hiloNow = keep(await player.api.games.cashOut({ params: { betId: hilo.id } }));
    expect(hiloNow.status).not.toBe('open');
    expect((hiloNow.outcome as { cards: number[] }).cards).toHaveLength(52);

    // Fruit bomb: pick the first fruit, then a bomb.
    const fruit = keep(
      await player.api.games.bet({
        body: { id: randomUUID(), asset: 'YEC', stake: '5.00', params: { game: 'fruit-bomb', bombs: 4 } },
      }),
    );
    const board = fruitBombLayout(seedOf(fruit.nonce), 4).board;
    const fruitTile = board.findIndex((tile) => tile !== 'bomb');
    keep(
      await player.api.games.move({ params: { betId: fruit.id }, body: { move: 'pick', tile: fruitTile } }),
    );
    const busted = keep(
      await player.api.games.move({
        params: { betId: fruit.id },
        body: { move: 'pick', tile: board.indexOf('bomb') },
      }),
    );
    expect(busted).toMatchObject({ status: 'lost', payout: '0.00' });
    expect((busted.outcome as { tiles: unknown[] }).tiles).toEqual(board);

    // Coinflip streak: call the right side once, then cash out.
    const flip = keep(
      await player.api.games.bet({
        body: { id: randomUUID(), asset: 'YEC', stake: '5.00', params: { game: 'coinflip', mode: 'streak' } },
      }),
    );
    const sides = (verify('coinflip', serverSeed, seeds.active.clientSeed, flip.nonce) as { flips: string[] })
      .flips;
    keep(
      await player.api.games.move({
        params: { betId: flip.id },
        body: { move: 'flip', side: sides[0] as 'heads' },
      }),
    );
    const flipped = keep(await player.api.games.cashOut({ params: { betId: flip.id } }));
    expect(flipped).toMatchObject({ status: 'won', payout: '9.90', multiplierBp: '19800' });

    // Nothing before settlement shows the server seed, a mine, a bomb, an unturned card or an unflipped side.
    for (const response of responses) {
      expect(response.text).not.toContain(serverSeed);
      if (!response.open) continue;
      const outcome = response.bet.outcome;
      if (outcome.game === 'mines') {
        expect(outcome.minePositions).toBeNull();
        expect(outcome.revealed.every((tile) => !layout.includes(tile))).toBe(true);
      }
      if (outcome.game === 'hilo') expect(outcome.cards).toHaveLength(outcome.position + 1);
      if (outcome.game === 'fruit-bomb')
        expect(outcome.tiles.filter((tile) => tile !== null)).toHaveLength(outcome.picked.length);
      if (outcome.game === 'coinflip') expect(outcome.sides).toHaveLength(outcome.calls.length);
    }
    expect(responses.filter((response) => response.open).length).toBeGreaterThan(8);
    // Pushes leave only for settled bets, each carrying the whole outcome, never the server seed.
    const openIds = new Set(responses.filter((r) => r.open).map((r) => r.bet.id));
    for (const message of pushed) {
      expect(message).not.toContain(serverSeed);
      expect(message.replaceAll('\\', '')).not.toContain('"status":"open"');
    }
    const feedPushes = pushed.filter((message) => message.includes(GamesRealtimeRoute.feed));
    expect(feedPushes.length).toBe(4);
    expect(pushed.filter((message) => message.includes(GamesRealtimeRoute.bet))).toHaveLength(4);
    expect(openIds.size).toBe(4);
    await expectLedgerClean(testApp);
  });

  it('pays one of 50 parallel cash-outs of one mines game', async () => {
    const seeds = await player.api.games.seeds();
    const serverSeed = await serverSeedOf(playerId);
    const before = await available(player, 'YEC');
    const game = await player.api.games.bet({
      body: { id: randomUUID(), asset: 'YEC', stake: '10.00', params: { game: 'mines', mines: 1 } },
    });
    const mine = minesLayout({ serverSeed, clientSeed: seeds.active.clientSeed, nonce: game.nonce }, 1)[0]!;
    await player.api.games.move({
      params: { betId: game.id },
      body: { move: 'reveal', tile: mine === 0 ? 1 : 0 },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => player.api.games.cashOut({ params: { betId: game.id } })),
    );
    const paid = results.filter((result) => result.status === 'fulfilled');
    expect(paid).toHaveLength(1);
    const refused = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.every((result) => (result.reason as { errCode: number }).errCode === 10011)).toBe(true);
    const payout = parseAmount((paid[0] as PromiseFulfilledResult<BetWire>).value.payout, 'YEC', 'wire');
    // 1 mine, 1 safe tile: 0.9997 × 25/24 = 1.0413×.
    expect(payout).toBe(1_041n);
    expect(await available(player, 'YEC')).toBe(before - 1_000n + payout);
    await expectLedgerClean(testApp);
  });

  it('settles exactly 20 of 200 parallel bets against a balance for 20, never sharing a nonce', async () => {
    // player-2 plays: a client seed under which none of the next 200 rolls is 0 (dice under 0.01 never wins).
    const otherId = await userIdOf(other);
    const start = (await other.api.games.seeds()).active;
    const serverSeed = await serverSeedOf(otherId);
    let clientSeed = '';
    for (let attempt = 0; clientSeed === ''; attempt += 1) {
      const candidate = `never-${attempt}`;
      let ok = true;
      for (let nonce = start.nonce; nonce < start.nonce + 200 && ok; nonce += 1)
        ok = diceRollHundredths({ serverSeed, clientSeed: candidate, nonce }) !== 0;
      if (ok) clientSeed = candidate;
    }
    await other.api.games.setClientSeed({ body: { clientSeed } });
    const balance = await available(other, 'YEC');
    const stake = balance / 20n;
    const stakeText = `${stake / 100n}.${(stake % 100n).toString().padStart(2, '0')}`;
    // The bets queue one after another on the player (one node); on loaded shared cores 200 of them
    // can outlast the client's 10 s deadline, so this client waits longer (same token and device).
    const patient = createPayhubClient({
      baseUrl: testApp.baseUrl,
      projectId: 12,
      language: 'id-ID',
      store: other.store,
      timeoutMs: 120_000,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => patient.api.games.bet(dice(stakeText, 1))),
    );
    const settled = results.filter(
      (result) => result.status === 'fulfilled',
    ) as PromiseFulfilledResult<BetWire>[];
    expect(settled).toHaveLength(20);
    const refused = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    // Every other bet refused for the balance (a listing of the codes shows any other refusal).
    const codes = refused.map((result) => (result.reason as { errCode: number }).errCode);
    expect(codes).toEqual(Array.from({ length: 180 }, () => 10002));
    expect(await available(other, 'YEC')).toBe(balance - 20n * stake);
    const nonces = settled.map((result) => result.value.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, index) => start.nonce + index));
    await expectLedgerClean(testApp);
  }, 120_000);

  it('never shares a nonce between two server nodes betting for one player at once', async () => {
    const name = new URL(testApp.databaseUrl).pathname.slice(1);
    const second = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000000' }, databaseName: name });
    try {
      const here = await testApp.signIn('player');
      const there = await second.signIn('player');
      const start = (await here.api.games.seeds()).active.nonce;
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? here : there).api.games.bet(dice('1.00')),
        ),
      );
      const settled = results.filter(
        (result) => result.status === 'fulfilled',
      ) as PromiseFulfilledResult<BetWire>[];
      const refused = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
      // A bet whose pair kept moving on the other node may be refused (try again); none is played twice.
      expect(refused.every((result) => (result.reason as { errCode: number }).errCode === 3044)).toBe(true);
      expect(settled.length).toBeGreaterThan(30);
      const nonces = settled.map((result) => result.value.nonce).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: settled.length }, (_, index) => start + index));
      await expectLedgerClean(testApp);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('settles 1,000 bets, rotates, and re-verifies every one with packages/games', async () => {
    await player.api.games.rotateSeed({ body: { clientSeed: 'verify-run' } });
    const games = [
      { game: 'dice' as const, target: 5050, direction: 'over' as const },
      { game: 'roller' as const, target: 33_333, direction: 'under' as const },
      { game: 'coinflip' as const, mode: 'single' as const, side: 'tails' as const },
      {
        game: 'roulette' as const,
        bets: [
          { kind: 'red' as const, amount: '0.50' },
          { kind: 'straight' as const, numbers: [17], amount: '0.50' },
        ],
      },
    ];
    const ids: string[] = [];
    for (let batch = 0; batch < 50; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          player.api.games.bet({
            body: { id: randomUUID(), asset: 'YEC', stake: '1.00', params: games[(batch * 20 + index) % 4]! },
          }),
        ),
      );
      for (const answer of answers) ids.push(answer.id);
    }
    const rotated = await player.api.games.rotateSeed({ body: {} });
    expect(rotated.revealed.bets).toBe(1_000);
    const seen = new Set<number>();
    let checked = 0;
    let cursor: string | undefined;
    do {
      const page = await player.api.games.myBets({ query: { count: 100, ...(cursor ? { cursor } : {}) } });
      for (const bet of page.items) {
        if (bet.clientSeed !== 'verify-run' || bet.serverSeedHash !== rotated.revealed.serverSeedHash)
          continue;
        expect(bet.serverSeed).toBe(rotated.revealed.serverSeed);
        expect(seen.has(bet.nonce)).toBe(false);
        seen.add(bet.nonce);
        const server = bet.serverSeed!;
        const outcome = bet.outcome;
        if (outcome.game === 'dice') {
          const { roll } = verify('dice', server, bet.clientSeed, bet.nonce) as { roll: number };
          expect(outcome.roll).toBe(Math.round(roll * 100));
          expect(bet.status).toBe(outcome.roll > 5050 ? 'won' : 'lost');
        } else if (outcome.game === 'roller') {
          expect(outcome.number).toBe(
            (verify('roller', server, bet.clientSeed, bet.nonce) as { number: number }).number,
          );
          expect(bet.status).toBe(outcome.number < 33_333 ? 'won' : 'lost');
        } else if (outcome.game === 'coinflip') {
          const flips = (verify('coinflip', server, bet.clientSeed, bet.nonce) as { flips: string[] }).flips;
          expect(outcome.sides).toEqual([flips[0]]);
          expect(bet.status).toBe(flips[0] === 'tails' ? 'won' : 'lost');
        } else if (outcome.game === 'roulette') {
          expect(outcome.pocket).toBe(
            (verify('roulette', server, bet.clientSeed, bet.nonce) as { pocket: number }).pocket,
          );
        }
        checked += 1;
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(checked).toBe(1_000);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 1_000 }, (_, index) => index));
    const duplicates = await testApp.database.pool.query(
      'SELECT seed_pair_id, nonce FROM game_bets GROUP BY seed_pair_id, nonce HAVING count(*) > 1',
    );
    expect(duplicates.rows).toEqual([]);
    await expectLedgerClean(testApp);
  }, 120_000);
});
