// A share of the players of bench/rounds.bench.ts in a process of its own (started with IPC): real
// RSocket/WebSocket clients of the server, connected as the player app connects, each sending its
// keep-alives; some of them bet and cash out when told, the others only watch. Then, for the
// comparison, as many bare `ws` clients of the bare broadcast server. They record when each tick (or
// bare publish) arrives and every answer's time, and report them on request.
// Spread over several processes because every client is a device of its own: in one event loop, each
// tick's receipts by every other client held back the answers a bettor waited for (docs/decisions.md
// "Rounds bench: the clients in four processes"). Same two cores.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crashElapsedFor } from '@payhub/games';
import { encodeCompositeMetadata, encodeRoute, WellKnownMimeType } from 'rsocket-composite-metadata';
import { deserializeFrame, Flags, type Frame, FrameTypes, serializeFrame } from 'rsocket-core';
import type { WebSocket } from 'ws';
import {
  bareSubscriber,
  inBatches,
  keepAliveFrame,
  mayBeTick,
  now,
  rsocketSubscriber,
  sleep,
  tickReceipts,
} from './rsocket-client.ts';

/** One request's answer as a bettor saw it: `ms` from sending to the answer, `sentAt` wall-clock. */
export interface TimedAnswer {
  ok: boolean;
  body: string;
  ms: number;
  sentAt: number;
}

export type ClientsCommand =
  /** Connects `tokens`; the first `bettors` of them bet when told. */
  | { type: 'connect'; port: number; tokens: string[]; bettors: number; route: string; keepAliveMs: number }
  /** Every bettor sends `body` with its own bet id (`betIds`, one per bettor) on `route`, at once. */
  | { type: 'bet'; route: string; betIds: string[]; asset: string; amount: string }
  /** Each bettor cashes out its bet when the round's curve reaches its target (cents; null: none). */
  | {
      type: 'cash-out';
      route: string;
      betIds: string[];
      targets: Array<number | null>;
      startedAt: number;
      growth: number;
    }
  | { type: 'ticks' }
  | { type: 'connect-bare'; port: number; count: number }
  | { type: 'bare-arm' }
  | { type: 'close-bare' };

export type ClientsAnswer =
  | { type: 'connected'; count: number }
  | { type: 'bets'; answers: TimedAnswer[] }
  | { type: 'cash-outs'; answers: Array<TimedAnswer | null>; loopDelay: { p99: number; max: number } }
  | { type: 'ticks'; ticks: Array<[at: number, roundId: string, serverTime: string]>; tickBytes: number }
  | { type: 'bare-connected'; count: number }
  | { type: 'bare-armed' }
  | { type: 'bare-received'; count: number; last: number; sentAt: number }
  | { type: 'bare-closed' };

interface Player {
  socket: WebSocket;
  nextStream: number;
  pending: Map<number, (answer: { ok: boolean; body: string }) => void>;
}

const send = (message: ClientsAnswer) => process.send?.(message);

/** Tick frames as they arrived (decoded after the round: the receipt stays cheap). */
const tickArrivals: Array<{ at: number; data: Buffer }> = [];
let players: Player[] = [];
let bettors: Player[] = [];
let keepAliveTimer: NodeJS.Timeout | undefined;

let bareSockets: WebSocket[] = [];
let bareArrivals: Array<{ at: number; data: Buffer }> = [];

async function connectPlayer(
  port: number,
  token: string,
  clientId: string,
  route: string,
  keepAliveMs: number,
) {
  const player: Player = { socket: null as unknown as WebSocket, nextStream: 3, pending: new Map() };
  const onMessage = (data: Buffer) => {
    const at = now();
    if (mayBeTick(data)) tickArrivals.push({ at, data });
    // The stream id is the frame's first 4 bytes: broadcast frames (stream 1) and any frame while
    // nothing is asked are skipped without decoding (the bench's own CPU).
    if (player.pending.size === 0 || (data.readUInt32BE(0) & 0x7fffffff) === 1) return;
    const frame = deserializeFrame(data);
    if (frame.type !== FrameTypes.PAYLOAD && frame.type !== FrameTypes.ERROR) return;
    const answer = player.pending.get(frame.streamId);
    if (!answer) return;
    player.pending.delete(frame.streamId);
    answer(
      frame.type === FrameTypes.PAYLOAD
        ? { ok: true, body: frame.data?.toString('utf8') ?? '' }
        : { ok: false, body: frame.message },
    );
  };
  player.socket = await rsocketSubscriber(port, { token, clientId, keepAliveMs, route }, onMessage);
  return player;
}

/** A request-response on `route`, timed from sending to the answer's receipt. */
function request(player: Player, route: string, body: unknown): Promise<TimedAnswer> {
  const streamId = player.nextStream;
  player.nextStream += 2;
  const sentAt = now();
  const sentAtWall = Date.now();
  return new Promise((resolve) => {
    player.pending.set(streamId, (answer) => resolve({ ...answer, ms: now() - sentAt, sentAt: sentAtWall }));
    player.socket.send(
      serializeFrame({
        type: FrameTypes.REQUEST_RESPONSE,
        streamId,
        flags: Flags.METADATA,
        data: Buffer.from(JSON.stringify(body)),
        metadata: encodeCompositeMetadata([[WellKnownMimeType.MESSAGE_RSOCKET_ROUTING, encodeRoute(route)]]),
      } as Frame),
    );
  });
}

/** Reports the bare publish once every bare client has it (the main process waits for every process). */
function reportBareWhenComplete(): void {
  const deadline = Date.now() + 30_000;
  const check = () => {
    if (bareArrivals.length >= bareSockets.length || Date.now() > deadline) {
      const first = bareArrivals[0];
      const sentAt = first ? (JSON.parse(first.data.toString('utf8')) as { sentAt: number }).sentAt : 0;
      send({
        type: 'bare-received',
        count: bareArrivals.length,
        last: Math.max(0, ...bareArrivals.map((arrival) => arrival.at)),
        sentAt,
      });
      return;
    }
    setTimeout(check, 2);
  };
  check();
}

process.on('message', async (command: ClientsCommand) => {
  switch (command.type) {
    case 'connect': {
      players = await inBatches(command.tokens.length, (index) =>
        connectPlayer(
          command.port,
          command.tokens[index]!,
          `c${process.pid}-${index}`,
          command.route,
          command.keepAliveMs,
        ),
      );
      bettors = players.slice(0, command.bettors);
      const frame = keepAliveFrame();
      keepAliveTimer = setInterval(() => {
        for (const player of players)
          if (player.socket.readyState === player.socket.OPEN) player.socket.send(frame);
      }, command.keepAliveMs);
      send({ type: 'connected', count: players.length });
      return;
    }
    case 'bet': {
      // Ticks are kept from the bets on: the round's are picked by its id after the round.
      tickArrivals.length = 0;
      const answers = await Promise.all(
        bettors.map((player, index) =>
          request(player, command.route, {
            betId: command.betIds[index],
            asset: command.asset,
            amount: command.amount,
          }),
        ),
      );
      send({ type: 'bets', answers });
      return;
    }
    case 'cash-out': {
      // This process's own event loop: a late turn of it delays when an answer is seen.
      const loop = monitorEventLoopDelay({ resolution: 5 });
      loop.enable();
      const answers = await Promise.all(
        bettors.map(async (player, index) => {
          const target = command.targets[index];
          if (target === null || target === undefined) return null;
          await sleep(Math.max(0, command.startedAt + crashElapsedFor(target, command.growth) - Date.now()));
          return request(player, command.route, { betId: command.betIds[index] });
        }),
      );
      loop.disable();
      send({
        type: 'cash-outs',
        answers,
        loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      });
      return;
    }
    case 'ticks': {
      const ticks = tickReceipts(tickArrivals);
      const tickBytes = tickArrivals.at(-1)?.data.length ?? 0;
      clearInterval(keepAliveTimer);
      for (const player of players) player.socket.terminate();
      players = [];
      bettors = [];
      send({ type: 'ticks', ticks, tickBytes });
      return;
    }
    case 'connect-bare': {
      bareSockets = await inBatches(command.count, () =>
        bareSubscriber(command.port, (data) => bareArrivals.push({ at: now(), data })),
      );
      send({ type: 'bare-connected', count: bareSockets.length });
      return;
    }
    case 'bare-arm': {
      // Armed before the publish is asked for: every arrival counted belongs to it.
      bareArrivals = [];
      send({ type: 'bare-armed' });
      reportBareWhenComplete();
      return;
    }
    case 'close-bare': {
      for (const socket of bareSockets) socket.terminate();
      bareSockets = [];
      send({ type: 'bare-closed' });
      return;
    }
  }
});
