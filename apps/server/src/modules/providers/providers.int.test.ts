// Proves the seamless wallet a provider calls: signed requests only, every transaction idempotent by
// its id (a replay answers the first answer and moves once; the same id with another body is a
// duplicate), rollback before its bet leaves a tombstone that refuses the late bet, a win needs its
// bet, PlayGate refusals answer USER_DISABLED, not enough money moves nothing, 200 parallel bets
// against a balance for 20 take exactly 20, bad input answers the API's statuses, the ledger stays clean.
import { randomUUID } from 'node:crypto';
import type { PayhubClient } from '@payhub/client';
import { type Asset, ErrorCode } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, failure, userIdOf } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import { AppError } from '../../platform/errors.ts';
import { devKeyPair, SIGNATURE_HEADER, signBody } from './providers.keys.ts';

let testApp: TestApp;
let player: PayhubClient;
let other: PayhubClient;
let privatePem: string;
const excluded = new Set<number>();
const gate: PlayGate = {
  beforeStake: async (_tx, context) => {
    if (excluded.has(context.userId)) throw new AppError(ErrorCode.UserCannotPlay);
  },
  afterSettle: async () => {},
  beforeDeposit: async () => {},
};

interface Answer {
  status: string;
  request_uuid: string | null;
  balance?: number;
  [key: string]: unknown;
}

async function call(
  path: string,
  body: unknown,
  options: { signature?: string; raw?: string } = {},
): Promise<Answer> {
  const text = options.raw ?? JSON.stringify(body);
  const response = await fetch(`${testApp.baseUrl}/provider/demo/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: options.signature ?? signBody(privatePem, text),
    },
    body: text,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

async function session(client: PayhubClient, asset: Asset = 'YEC') {
  const launch = await client.api.providers.launch({
    body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset },
  });
  const url = new URL(launch.url);
  return { token: url.searchParams.get('token')!, user: url.searchParams.get('user')!, currency: asset };
}

async function yec(client: PayhubClient): Promise<bigint> {
  const row = (await client.api.wallet.balances()).items.find((item) => item.asset === 'YEC')!;
  return BigInt(row.available.replace('.', ''));
}

function betBody(s: { token: string; user: string; currency: string }, amount: number, round = randomUUID()) {
  return {
    ...s,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    round,
    game_code: 'demo-fruit-5x3',
    amount,
  };
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' }, overrides: { playGate: gate } });
  privatePem = devKeyPair(testApp.config.dataDir, 'demo').privatePem;
  player = await testApp.signIn('player');
  other = await testApp.signIn('player-2');
});
afterAll(async () => testApp?.close());

describe('seamless wallet', () => {
  it('answers the balance in minor units for a launched session', async () => {
    const s = await session(player);
    const info = await call('user/info', { user: s.user, token: s.token, request_uuid: 'r1' });
    expect(info).toMatchObject({ status: 'RS_OK', request_uuid: 'r1', currency: 'YEC' });
    expect(BigInt(info.balance!)).toBe(await yec(player));
    expect(Number.isInteger(info.balance)).toBe(true);
  });

  it('launches demo mode without a session: no token, no user, nothing a wallet call could use', async () => {
    const demo = await player.api.providers.launch({
      body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset: 'YEC', demo: true },
    });
    expect(demo.demo).toBe(true);
    const url = new URL(demo.url);
    expect(url.searchParams.get('mode')).toBe('demo');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.has('user')).toBe(false);
    const real = new URL(
      (
        await player.api.providers.launch({
          body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset: 'YEC' },
        })
      ).url,
    );
    expect(real.searchParams.get('mode')).toBe('real');
    expect(real.searchParams.get('token')).toMatch(/^[\w-]{32}$/);
  });

  it('bets, wins and replays: a duplicate answers the first answer and moves once', async () => {
    const s = await session(player);
    const before = await yec(player);
    const bet = betBody(s, 1500);
    const first = await call('transaction/bet', bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: Number(before - 1500n) });
    const again = await call('transaction/bet', { ...bet, request_uuid: 'retry' });
    expect({ ...again, request_uuid: first.request_uuid }).toEqual(first);
    expect(again.request_uuid).toBe('retry');
    expect(await yec(player)).toBe(before - 1500n);
    // Same id, another amount: a duplicate, nothing moves.
    const changed = await call('transaction/bet', { ...bet, amount: 999 });
    expect(changed.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await yec(player)).toBe(before - 1500n);

    const win = {
      ...s,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: bet.game_code,
      amount: 4000,
    };
    const paid = await call('transaction/win', win);
    expect(paid).toMatchObject({ status: 'RS_OK', balance: Number(before + 2500n) });
    const paidAgain = await call('transaction/win', { ...win, request_uuid: 'x' });
    expect({ ...paidAgain, request_uuid: paid.request_uuid }).toEqual(paid);
    expect(paidAgain.request_uuid).toBe('x');
    expect((await call('transaction/win', { ...win, amount: 4001 })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await yec(player)).toBe(before + 2500n);
    // The bet and the win are in the player's history.
    const history = await player.api.wallet.history({ query: { asset: 'YEC', count: 5 } as never });
    const types = history.items.slice(0, 2).map((row) => row.type);
    expect(types).toEqual(['win', 'bet']);
    await expectLedgerClean(testApp);
  });

  it('rolls back a bet once; a rollback before its bet refuses the late bet', async () => {
    const s = await session(player);
    const before = await yec(player);
    const bet = betBody(s, 700);
    await call('transaction/bet', bet);
    const rollback = {
      ...s,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: bet.game_code,
    };
    const undone = await call('transaction/rollback', rollback);
    expect(undone).toMatchObject({ status: 'RS_OK', balance: Number(before) });
    const replayed = await call('transaction/rollback', { ...rollback, request_uuid: 'again' });
    expect({ ...replayed, request_uuid: undone.request_uuid }).toEqual(undone);
    expect(replayed.request_uuid).toBe('again');
    expect(await yec(player)).toBe(before);
    // A win for the rolled-back bet is refused.
    const lateWin = await call('transaction/win', {
      ...s,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: bet.game_code,
      amount: 100,
    });
    expect(lateWin.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');

    // Rollback first: answered OK, then the bet it names is refused and moves nothing.
    const lost = betBody(s, 900);
    const early = await call('transaction/rollback', {
      ...s,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: lost.transaction_uuid,
      round: lost.round,
      game_code: lost.game_code,
    });
    expect(early).toMatchObject({ status: 'RS_OK', balance: Number(before) });
    const late = await call('transaction/bet', lost);
    expect(late.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await yec(player)).toBe(before);
    await expectLedgerClean(testApp);
  });

  it('refuses a win for an unknown round or bet', async () => {
    const s = await session(player);
    const before = await yec(player);
    const bet = betBody(s, 100);
    await call('transaction/bet', bet);
    const base = { ...s, game_code: bet.game_code, amount: 500 };
    const unknownBet = await call('transaction/win', {
      ...base,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: randomUUID(),
      round: bet.round,
    });
    expect(unknownBet.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const otherRound = await call('transaction/win', {
      ...base,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: randomUUID(),
    });
    expect(otherRound.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await yec(player)).toBe(before - 100n);
  });

  it('refuses bad signatures, bad input, foreign tokens and wrong currency, moving nothing', async () => {
    const s = await session(player);
    const before = await yec(player);
    const bet = betBody(s, 100);
    const text = JSON.stringify(bet);
    expect((await call('transaction/bet', bet, { signature: 'AAAA' })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect(
      (await call('transaction/bet', bet, { signature: signBody(privatePem, `${text} `), raw: text })).status,
    ).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await call('transaction/bet', null, { raw: '{"user":' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await call('transaction/bet', { ...bet, amount: 1.5 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await call('transaction/bet', { ...bet, amount: '100' })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await call('transaction/bet', { ...bet, amount: -5 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await call('transaction/bet', { ...bet, amount: 0 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await call('transaction/bet', { ...bet, token: 'nope' })).status).toBe('RS_ERROR_INVALID_TOKEN');
    const theirs = await session(other);
    expect((await call('transaction/bet', { ...bet, token: theirs.token })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await call('transaction/bet', { ...bet, currency: 'USDT' })).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await yec(player)).toBe(before);
    // Our own API: unknown game and an asset the project does not hold.
    expect(
      (
        await failure(
          player.api.providers.launch({ body: { providerId: 'demo', gameCode: 'nope', asset: 'YEC' } }),
        )
      ).errCode,
    ).toBe(ErrorCode.GameProviderUnknown);
    expect(
      (
        await failure(
          player.api.providers.launch({
            body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset: 'MXN' },
          }),
        )
      ).errCode,
    ).toBe(ErrorCode.GameAssetUnavailable);
  });

  it('answers NOT_ENOUGH_MONEY with the balance and USER_DISABLED for an excluded player', async () => {
    const s = await session(player);
    const before = await yec(player);
    const broke = await call('transaction/bet', betBody(s, Number(before) + 1));
    expect(broke).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: Number(before) });
    const id = await userIdOf(player);
    excluded.add(id);
    try {
      const refused = await call('transaction/bet', betBody(s, 100));
      expect(refused.status).toBe('RS_ERROR_USER_DISABLED');
    } finally {
      excluded.delete(id);
    }
    expect(await yec(player)).toBe(before);
  });

  it('answers bad input on every endpoint with its own status and moves nothing', async () => {
    const s = await session(player);
    const before = await yec(player);
    const bet = betBody(s, 300);
    expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
    const ref = {
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: bet.game_code,
    };
    const valid: Record<string, Record<string, unknown>> = {
      'user/info': { user: s.user, token: s.token, request_uuid: randomUUID() },
      'user/balance': { user: s.user, token: s.token, request_uuid: randomUUID() },
      'transaction/bet': betBody(s, 300),
      'transaction/win': {
        ...s,
        ...ref,
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        amount: 50,
      },
      'transaction/rollback': { ...s, ...ref, request_uuid: randomUUID(), transaction_uuid: randomUUID() },
    };
    for (const [path, body] of Object.entries(valid)) {
      const text = JSON.stringify(body);
      const statuses = [
        (await call(path, body, { signature: 'AAAA' })).status,
        (await call(path, null, { signature: '', raw: text })).status,
        (await call(path, body, { signature: signBody(privatePem, `${text} `), raw: text })).status,
        (await call(path, null, { raw: '{"user":' })).status,
        (await call(path, null, { raw: '[]' })).status,
        (await call(path, { ...body, user: undefined })).status,
        (await call(path, { ...body, request_uuid: 7 })).status,
        (await call(path, { ...body, token: 'nope' })).status,
        (await call(path, { ...body, user: String(Number(s.user) + 1) })).status,
      ];
      expect(statuses, path).toEqual([
        'RS_ERROR_INVALID_SIGNATURE',
        'RS_ERROR_INVALID_SIGNATURE',
        'RS_ERROR_INVALID_SIGNATURE',
        'RS_ERROR_WRONG_SYNTAX',
        'RS_ERROR_WRONG_TYPES',
        'RS_ERROR_WRONG_TYPES',
        'RS_ERROR_WRONG_TYPES',
        'RS_ERROR_INVALID_TOKEN',
        'RS_ERROR_INVALID_TOKEN',
      ]);
      if (path.startsWith('transaction/')) {
        const money = [
          (await call(path, { ...body, transaction_uuid: undefined })).status,
          (await call(path, { ...body, round: 12 })).status,
        ];
        expect(money, path).toEqual(['RS_ERROR_WRONG_TYPES', 'RS_ERROR_WRONG_TYPES']);
      }
      if ('amount' in body) {
        const amounts = [
          (await call(path, { ...body, amount: 1.5 })).status,
          (await call(path, { ...body, amount: '50' })).status,
          (await call(path, { ...body, amount: -1 })).status,
          (await call(path, { ...body, amount: 2 ** 60 })).status,
          (await call(path, { ...body, currency: 'USDT' })).status,
        ];
        expect(amounts, path).toEqual([
          'RS_ERROR_WRONG_TYPES',
          'RS_ERROR_WRONG_TYPES',
          'RS_ERROR_WRONG_TYPES',
          'RS_ERROR_WRONG_TYPES',
          'RS_ERROR_WRONG_CURRENCY',
        ]);
      }
    }
    // A provider we do not know.
    const stranger = await fetch(`${testApp.baseUrl}/provider/nobody/transaction/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-payhub-signature': signBody(privatePem, '{}') },
      body: '{}',
    });
    expect(((await stranger.json()) as Answer).status).toBe('RS_ERROR_INVALID_PARTNER');
    // A path that is no operation of the protocol: its syntax error, in the protocol (HTTP 200).
    for (const [method, path] of [
      ['POST', '/provider/demo/transaction/refund'],
      ['POST', '/provider/demo'],
      ['GET', '/provider/demo/user/balance'],
    ] as const) {
      const unknown = await fetch(`${testApp.baseUrl}${path}`, {
        method,
        ...(method === 'POST'
          ? {
              headers: {
                'content-type': 'application/json',
                'x-payhub-signature': signBody(privatePem, '{}'),
              },
              body: '{}',
            }
          : {}),
      });
      expect(unknown.status, path).toBe(200);
      expect(((await unknown.json()) as Answer).status, path).toBe('RS_ERROR_WRONG_SYNTAX');
    }
    // Only the one valid bet moved; the valid win and rollback bodies above were never accepted.
    expect(await yec(player)).toBe(before - 300n);
    await expectLedgerClean(testApp);
  });

  it('refuses to roll back a bet already paid, moving nothing', async () => {
    const s = await session(player);
    const bet = betBody(s, 400);
    await call('transaction/bet', bet);
    const ref = {
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: bet.game_code,
    };
    await call('transaction/win', {
      ...s,
      ...ref,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      amount: 900,
    });
    const before = await yec(player);
    const refused = await call('transaction/rollback', {
      ...s,
      ...ref,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
    });
    expect(refused).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: Number(before) });
    expect(await yec(player)).toBe(before);
  });

  it('takes exactly 20 of 200 parallel bets against a balance for 20', async () => {
    const s = await session(other);
    const balance = await yec(other);
    const stake = balance / 20n;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => call('transaction/bet', betBody(s, Number(stake)))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(20);
    expect(statuses.filter((status) => status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(180);
    expect(await yec(other)).toBe(balance - 20n * stake);
    await expectLedgerClean(testApp);
  });

  it("settles a bet only through a session of the bet's own asset and round", async () => {
    const yecSession = await session(player, 'YEC');
    const usdtSession = await session(player, 'USDT');
    const bet = betBody(yecSession, 500);
    expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
    const usdt = async () =>
      (await call('user/balance', { ...usdtSession, request_uuid: randomUUID() })).balance!;
    const beforeYec = await yec(player);
    const beforeUsdt = await usdt();
    const ref = { reference_transaction_uuid: bet.transaction_uuid, game_code: bet.game_code };
    // A win of the YEC bet through the player's USDT session would pay USDT for a YEC stake.
    const win = await call('transaction/win', {
      ...usdtSession,
      ...ref,
      round: bet.round,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      amount: 700,
    });
    expect(win.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // Its rollback through the USDT session would reverse the stake into the USDT wallet (before:
    // the ledger refused the mixed assets and the call answered HTTP 500).
    const crossed = await call('transaction/rollback', {
      ...usdtSession,
      ...ref,
      round: bet.round,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
    });
    expect(crossed.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // A rollback naming another round than the bet's.
    const elsewhere = await call('transaction/rollback', {
      ...yecSession,
      ...ref,
      round: randomUUID(),
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
    });
    expect(elsewhere.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await yec(player)).toBe(beforeYec);
    expect(await usdt()).toBe(beforeUsdt);
    // The bet's own session and round reverse it.
    const rolled = await call('transaction/rollback', {
      ...yecSession,
      ...ref,
      round: bet.round,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
    });
    expect(rolled).toMatchObject({ status: 'RS_OK', balance: Number(beforeYec + 500n) });
    await expectLedgerClean(testApp);
  });

  it('switches a provider off per project', async () => {
    const admin = await testApp.signIn('admin');
    expect(
      (await failure(player.api.providers.setEnabled({ body: { providerId: 'demo', enabled: false } })))
        .errCode,
    ).toBe(ErrorCode.NoPermission);
    // A round opened while the provider was on.
    const s = await session(player);
    const open = betBody(s, 200);
    expect((await call('transaction/bet', open)).status).toBe('RS_OK');
    const openAnswer = await call('transaction/bet', { ...open, request_uuid: 'first' });
    await admin.api.providers.setEnabled({ body: { providerId: 'demo', enabled: false } });
    expect((await player.api.providers.games()).items).toEqual([]);
    // A retry of the bet taken before (its answer lost on the way) answers what it answered then:
    // told "failed", the provider would neither pay nor roll back a stake we took.
    const retried = await call('transaction/bet', { ...open, request_uuid: 'retry' });
    expect({ ...retried, request_uuid: 'first' }).toEqual(openAnswer);
    // Off: a new bet is refused and moves nothing; the open round's win still settles.
    const before = await yec(player);
    expect((await call('transaction/bet', betBody(s, 200))).status).toBe('RS_ERROR_INVALID_PARTNER');
    expect(await yec(player)).toBe(before);
    const paid = await call('transaction/win', {
      ...s,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: open.transaction_uuid,
      round: open.round,
      game_code: open.game_code,
      amount: 300,
    });
    expect(paid).toMatchObject({ status: 'RS_OK', balance: Number(before + 300n) });
    expect(
      (
        await failure(
          player.api.providers.launch({
            body: { providerId: 'demo', gameCode: 'demo-fruit-5x3', asset: 'YEC' },
          }),
        )
      ).errCode,
    ).toBe(ErrorCode.GameProviderOff);
    await admin.api.providers.setEnabled({ body: { providerId: 'demo', enabled: true } });
    expect((await player.api.providers.games()).items.map((game) => game.code)).toEqual([
      'demo-fruit-5x3',
      'demo-live-roulette',
    ]);
  });

  it('answers a retried bet its first answer after the token expired; a new bet is refused', async () => {
    const s = await session(player);
    const bet = betBody(s, 300);
    const first = await call('transaction/bet', bet);
    expect(first.status).toBe('RS_OK');
    const before = await yec(player);
    testApp.clock.advance(12 * 3_600_000 + 1);
    const retried = await call('transaction/bet', { ...bet, request_uuid: 'retry' });
    expect({ ...retried, request_uuid: first.request_uuid }).toEqual(first);
    expect((await call('transaction/bet', betBody(s, 300))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await yec(player)).toBe(before);
  });
});

describe('favourite games', () => {
  it('keeps a favourite with the account (a new session sees it), per player, only for catalogue games, at most 100', async () => {
    const mark = (client: PayhubClient, gameCode: string, favourite: boolean) =>
      client.api.providers.setFavourite({ body: { providerId: 'demo', gameCode, favourite } });
    const favouritesOf = async (client: PayhubClient) =>
      (await client.api.providers.games()).items.filter((game) => game.favourite).map((game) => game.code);

    expect(await favouritesOf(player)).toEqual([]);
    expect(await mark(player, 'demo-fruit-5x3', true)).toEqual({
      providerId: 'demo',
      gameCode: 'demo-fruit-5x3',
      favourite: true,
    });
    await mark(player, 'demo-fruit-5x3', true); // twice: still one
    expect(await favouritesOf(player)).toEqual(['demo-fruit-5x3']);
    // Another session of the same account (another device) sees it; another player does not.
    expect(await favouritesOf(await testApp.signIn('player'))).toEqual(['demo-fruit-5x3']);
    expect(await favouritesOf(other)).toEqual([]);

    // Not a game of the catalogue, or bad input: refused, nothing stored.
    expect((await failure(mark(player, 'no-such-game', true))).errCode).toBe(ErrorCode.GameProviderUnknown);
    expect(
      (
        await failure(
          player.api.providers.setFavourite({
            body: { providerId: 'nope', gameCode: 'demo-fruit-5x3', favourite: true },
          }),
        )
      ).errCode,
    ).toBe(ErrorCode.GameProviderUnknown);
    for (const body of [
      { providerId: 'demo', gameCode: 'demo-fruit-5x3' },
      { providerId: 'demo', gameCode: 'demo fruit', favourite: true },
      { providerId: 'demo', gameCode: 'demo-fruit-5x3', favourite: 'yes' },
      { providerId: 'demo', gameCode: 'demo-fruit-5x3', favourite: true, extra: 1 },
    ])
      expect((await failure(player.api.providers.setFavourite({ body } as never))).errCode).toBe(
        ErrorCode.BadParameter,
      );
    const { rows } = await testApp.database.pool.query('SELECT game_code FROM provider_favourites');
    expect(rows.map((row) => row.game_code)).toEqual(['demo-fruit-5x3']);

    // The cap: a player already holding 100 favourites cannot mark another (parallel marks included).
    const otherId = (await other.api.user.me()).id;
    await testApp.database.pool.query(
      `INSERT INTO provider_favourites (user_id, provider_id, game_code, created_at)
       SELECT $1, 'retired', 'game-' || n, now() FROM generate_series(1, 99) AS n`,
      [otherId],
    );
    const answers = await Promise.allSettled([
      mark(other, 'demo-fruit-5x3', true),
      mark(other, 'demo-live-roulette', true),
    ]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((answer) => answer.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { errCode: number }).errCode).toBe(ErrorCode.BadParameter);
    const count = await testApp.database.pool.query(
      'SELECT count(*)::int AS n FROM provider_favourites WHERE user_id = $1',
      [otherId],
    );
    expect(count.rows[0].n).toBe(100);

    // Unmarked: gone from the lobby.
    await mark(player, 'demo-fruit-5x3', false);
    expect(await favouritesOf(player)).toEqual([]);
  });
});
