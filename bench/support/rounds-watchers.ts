// The players of bench/rounds.bench.ts who watch the round without betting, in a process of their
// own (started with IPC): real RSocket/WebSocket clients of the server, connected as the player app
// connects, each sending its keep-alives; then, for the comparison, as many bare `ws` clients of the
// bare broadcast server. They record when each tick (or bare publish) arrives and report it on
// request. Apart from the bettors because every client is a device of its own: in one event loop,
// each tick's 5,000 receipts held back the bettors' answers behind 3,000 other clients' work
// (docs/decisions.md "Rounds bench: watchers in a process of their own"). Same two cores.
import type { WebSocket } from 'ws';
import {
  bareSubscriber,
  inBatches,
  keepAliveFrame,
  mayBeTick,
  now,
  rsocketSubscriber,
  tickReceipts,
} from './rsocket-client.ts';

export type WatchersCommand =
  | { type: 'connect'; port: number; tokens: string[]; route: string; keepAliveMs: number }
  | { type: 'ticks' }
  | { type: 'connect-bare'; port: number; count: number }
  | { type: 'bare-arm' }
  | { type: 'close-bare' };

export type WatchersAnswer =
  | { type: 'connected'; count: number }
  | { type: 'ticks'; ticks: Array<[at: number, roundId: string, serverTime: string]> }
  | { type: 'bare-connected'; count: number }
  | { type: 'bare-armed' }
  | { type: 'bare-received'; count: number; last: number; sentAt: number }
  | { type: 'bare-closed' };

const send = (message: WatchersAnswer) => process.send?.(message);

/** Tick frames as they arrived (decoded after the round: the receipt stays cheap). */
const tickArrivals: Array<{ at: number; data: Buffer }> = [];
let sockets: WebSocket[] = [];
let keepAliveTimer: NodeJS.Timeout | undefined;

let bareSockets: WebSocket[] = [];
let bareArrivals: Array<{ at: number; data: Buffer }> = [];

/** Reports the bare publish once every bare client has it (the main process waits for both sides). */
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

process.on('message', async (command: WatchersCommand) => {
  switch (command.type) {
    case 'connect': {
      sockets = await inBatches(command.tokens.length, (index) =>
        rsocketSubscriber(
          command.port,
          {
            token: command.tokens[index]!,
            clientId: `w${index}`,
            keepAliveMs: command.keepAliveMs,
            route: command.route,
          },
          (data) => {
            const at = now();
            if (mayBeTick(data)) tickArrivals.push({ at, data });
          },
        ),
      );
      const frame = keepAliveFrame();
      keepAliveTimer = setInterval(() => {
        for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame);
      }, command.keepAliveMs);
      send({ type: 'connected', count: sockets.length });
      return;
    }
    case 'ticks': {
      const ticks = tickReceipts(tickArrivals);
      clearInterval(keepAliveTimer);
      for (const socket of sockets) socket.terminate();
      sockets = [];
      send({ type: 'ticks', ticks });
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
