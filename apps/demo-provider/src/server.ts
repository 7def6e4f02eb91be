import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProviderRecord } from './record.ts';
import { LINES, PAYTABLE, spin } from './slot.ts';
import { type WalletClient, WalletUnreachable } from './wallet-client.ts';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '../public');
const GAME_CODE = 'demo-fruit-5x3';
const STATIC: Record<string, string> = {
  '/static/slot.css': 'text/css; charset=utf-8',
  '/static/slot.js': 'text/javascript; charset=utf-8',
  '/thumbs/demo-fruit-5x3.svg': 'image/svg+xml',
};

export interface DemoProviderDeps {
  wallet: WalletClient;
  record: ProviderRecord;
  log?: (line: string) => void;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json; charset=utf-8',
) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 16_384) throw new Error('body too large');
  }
  const value = JSON.parse(text || '{}') as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('expected an object');
  return value as Record<string, unknown>;
}

function page(): string {
  return readFileSync(join(PUBLIC, 'play.html'), 'utf8');
}

/**
 * The demo provider: serves the slot (GET /play), plays a spin server-side (POST /api/spin: bet, the
 * outcome, win, each a signed wallet call with retries; a bet whose answer never came is rolled
 * back), and exposes its own record of the day (GET /record?day=) for reconciliation.
 */
export function createDemoProvider(deps: DemoProviderDeps): Server {
  const { wallet, record } = deps;

  async function playSpin(input: Record<string, unknown>) {
    const token = String(input.token ?? '');
    const user = String(input.user ?? '');
    const currency = String(input.currency ?? '');
    const stake = Number(input.stake);
    if (input.demo !== true && (!token || !user || !currency))
      return { status: 400, body: { error: 'bad spin request' } };
    if (!Number.isSafeInteger(stake) || stake <= 0 || stake % LINES !== 0)
      return { status: 400, body: { error: 'bad spin request' } };
    if (input.demo === true) {
      // Demo mode: no session, no wallet, no money; the page keeps its own play balance.
      const outcome = spin(BigInt(stake));
      return {
        status: 200,
        body: { grid: outcome.grid, wins: outcome.wins, payout: Number(outcome.payout), balance: null },
      };
    }
    const round = randomUUID();
    const bet = {
      user,
      token,
      currency,
      round,
      game_code: GAME_CODE,
      transaction_uuid: randomUUID(),
      amount: stake,
    };
    let betAnswer: Awaited<ReturnType<WalletClient['call']>>;
    try {
      betAnswer = await wallet.call('transaction/bet', bet);
    } catch (error) {
      if (!(error instanceof WalletUnreachable)) throw error;
      // The bet's outcome is unknown: cancel it so the player's money is never left taken.
      const rollback = {
        user,
        token,
        round,
        game_code: GAME_CODE,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
      };
      const answer = await wallet.call('transaction/rollback', rollback);
      if (answer.status === 'RS_OK')
        record.add({
          at: new Date().toISOString(),
          kind: 'rollback',
          transaction_uuid: rollback.transaction_uuid,
          reference_transaction_uuid: bet.transaction_uuid,
          round,
          user,
          currency,
          amount: stake,
        });
      return { status: 503, body: { error: 'RS_ROLLED_BACK', balance: answer.balance ?? null } };
    }
    if (betAnswer.status !== 'RS_OK')
      return { status: 409, body: { error: betAnswer.status, balance: betAnswer.balance ?? null } };
    record.add({
      at: new Date().toISOString(),
      kind: 'bet',
      transaction_uuid: bet.transaction_uuid,
      reference_transaction_uuid: null,
      round,
      user,
      currency,
      amount: stake,
    });
    const outcome = spin(BigInt(stake));
    const win = {
      user,
      token,
      currency,
      round,
      game_code: GAME_CODE,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      amount: Number(outcome.payout),
    };
    // A win is owed once the bet is taken: retried until the wallet answers.
    let winAnswer = await wallet.call('transaction/win', win).catch(() => null);
    for (let attempt = 0; winAnswer === null && attempt < 5; attempt += 1)
      winAnswer = await wallet.call('transaction/win', win).catch(() => null);
    if (winAnswer?.status === 'RS_OK')
      record.add({
        at: new Date().toISOString(),
        kind: 'win',
        transaction_uuid: win.transaction_uuid,
        reference_transaction_uuid: bet.transaction_uuid,
        round,
        user,
        currency,
        amount: win.amount,
      });
    return {
      status: 200,
      body: {
        round,
        grid: outcome.grid,
        wins: outcome.wins,
        payout: win.amount,
        balance: winAnswer?.balance ?? null,
        winStatus: winAnswer?.status ?? 'PENDING',
      },
    };
  }

  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider.local');
    void (async () => {
      try {
        if (request.method === 'GET' && url.pathname === '/healthz')
          return send(response, 200, { status: 'ok' });
        if (request.method === 'GET' && url.pathname === '/play')
          return send(response, 200, page(), 'text/html; charset=utf-8');
        if (request.method === 'GET' && STATIC[url.pathname])
          return send(
            response,
            200,
            readFileSync(join(PUBLIC, url.pathname.split('/').pop()!), 'utf8'),
            STATIC[url.pathname],
          );
        if (request.method === 'GET' && url.pathname === '/api/paytable')
          return send(response, 200, { lines: LINES, paytable: PAYTABLE });
        if (request.method === 'GET' && url.pathname === '/record') {
          const day = url.searchParams.get('day') ?? '';
          if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return send(response, 400, { error: 'day: YYYY-MM-DD' });
          return send(response, 200, { day, items: record.day(day) });
        }
        if (request.method === 'POST' && url.pathname === '/api/balance') {
          const input = await readJson(request);
          const answer = await wallet.call('user/balance', {
            user: String(input.user ?? ''),
            token: String(input.token ?? ''),
            game_code: GAME_CODE,
          });
          return send(response, answer.status === 'RS_OK' ? 200 : 409, answer);
        }
        if (request.method === 'POST' && url.pathname === '/api/spin') {
          const result = await playSpin(await readJson(request));
          return send(response, result.status, result.body);
        }
        return send(response, 404, { error: 'not found' });
      } catch (error) {
        deps.log?.(`demo provider: ${(error as Error).message}`);
        return send(response, error instanceof SyntaxError ? 400 : 502, { error: (error as Error).message });
      }
    })();
  });
}
