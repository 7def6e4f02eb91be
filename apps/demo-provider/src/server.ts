import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createLiveTable,
  LIVE_GAME_CODE,
  type LiveState,
  type LiveTable,
  type LiveTiming,
} from './live-table.ts';
import type { ProviderRecord } from './record.ts';
import { LINES, PAYTABLE, spin } from './slot.ts';
import type { WalletClient } from './wallet-client.ts';
import { payWin, takeBet } from './wallet-moves.ts';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '../public');
const GAME_CODE = 'demo-fruit-5x3';
const STATIC: Record<string, string> = {
  '/static/slot.css': 'text/css; charset=utf-8',
  '/static/slot.js': 'text/javascript; charset=utf-8',
  '/static/common.js': 'text/javascript; charset=utf-8',
  '/thumbs/demo-fruit-5x3.svg': 'image/svg+xml',
  '/static/live.css': 'text/css; charset=utf-8',
  '/static/live.js': 'text/javascript; charset=utf-8',
  '/thumbs/demo-live-roulette.svg': 'image/svg+xml',
};

export interface DemoProviderDeps {
  wallet: WalletClient;
  record: ProviderRecord;
  log?: (line: string) => void;
  /** The live table's round timing (defaults: 15 s betting, 6 s spin, 5 s result). */
  liveTiming?: LiveTiming;
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

/** The game's page: the live table for its code, else the slot. */
function page(game: string | null): string {
  return readFileSync(join(PUBLIC, game === LIVE_GAME_CODE ? 'live.html' : 'play.html'), 'utf8');
}

/** Server-sent events: the live table's state on every change and a heartbeat, as a studio streams. */
function stream(request: IncomingMessage, response: ServerResponse, table: LiveTable) {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  const write = (state: LiveState) => response.write(`data: ${JSON.stringify(state)}\n\n`);
  write(table.state());
  const unsubscribe = table.subscribe(write);
  const heartbeat = setInterval(() => write(table.state()), 1_000);
  request.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

/**
 * The demo provider: serves the slot (GET /play), plays a spin server-side (POST /api/spin: bet, the
 * outcome, win, each a signed wallet call with retries; a bet whose answer never came is rolled
 * back), and exposes its own record of the day (GET /record?day=) for reconciliation.
 */
export function createDemoProvider(deps: DemoProviderDeps): Server {
  const { wallet, record } = deps;
  const table = createLiveTable({ wallet, record, timing: deps.liveTiming, log: deps.log });
  table.start();

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
    const context = { user, token, currency, round: randomUUID(), game_code: GAME_CODE };
    const bet = await takeBet(wallet, record, context, stake);
    if (!bet.ok)
      return {
        status: bet.status === 'RS_ROLLED_BACK' ? 503 : 409,
        body: { error: bet.status, balance: bet.balance },
      };
    const outcome = spin(BigInt(stake));
    const winAnswer = await payWin(wallet, record, context, bet.transaction_uuid, Number(outcome.payout));
    const round = context.round;
    return {
      status: 200,
      body: {
        round,
        grid: outcome.grid,
        wins: outcome.wins,
        payout: Number(outcome.payout),
        balance: winAnswer?.balance ?? null,
        winStatus: winAnswer?.status ?? 'PENDING',
      },
    };
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider.local');
    void (async () => {
      try {
        if (request.method === 'GET' && url.pathname === '/healthz')
          return send(response, 200, { status: 'ok' });
        if (request.method === 'GET' && url.pathname === '/play')
          return send(response, 200, page(url.searchParams.get('game')), 'text/html; charset=utf-8');
        if (request.method === 'GET' && url.pathname === '/api/live/stream')
          return stream(request, response, table);
        if (request.method === 'GET' && url.pathname === '/api/live/state')
          return send(response, 200, table.state());
        if (request.method === 'POST' && url.pathname === '/api/live/bet') {
          const input = await readJson(request);
          const answer = await table.bet({
            token: String(input.token ?? ''),
            user: String(input.user ?? ''),
            currency: String(input.currency ?? ''),
            kind: String(input.kind ?? ''),
            amount: Number(input.amount),
          });
          return send(response, answer.ok ? 200 : answer.error === 'BAD_BET' ? 400 : 409, answer);
        }
        if (request.method === 'POST' && url.pathname === '/api/live/mine') {
          const input = await readJson(request);
          return send(response, 200, table.mine(String(input.token ?? '')));
        }
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
  server.on('close', () => table.stop());
  return server;
}
