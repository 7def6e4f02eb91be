// Benchmark: N clients (BENCH_CLIENTS, default 5000) subscribed to the notice broadcast stream on
// one node; one notice is published. Prints delivery latency p50/p99 and the ratio to a bare `ws`
// broadcast of the same payload to the same number of sockets in the same run, the memory per idle
// connection, and the longest event-loop block on the server during the send loop.
// Budgets (issue 4): p99 < 250 ms, ratio >= 0.5, < 50 KB per idle connection, block < 50 ms.
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RealtimeRoute } from '@payhub/contracts';
import { deserializeFrame, FrameTypes } from 'rsocket-core';
import {
  bareSubscriber,
  inBatches,
  now,
  percentile,
  rsocketSubscriber,
  sleep,
} from './support/rsocket-client.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5_000);
const P99_MS_MAX = 250;
const RATIO_MIN = 0.5;
const KB_PER_CONNECTION_MAX = 50;
const BLOCK_MS_MAX = 50;
const DELIVERY_TIMEOUT_MS = 30_000;

const benchDir = dirname(fileURLToPath(import.meta.url));

/** The notice payload: a realistic site notice (about 1 KB of HTML). */
const NOTICE = {
  noticeId: 1,
  showAt: Date.now(),
  showDuration: 5,
  content: `<p>${'Pemeliharaan sistem malam ini pukul 22:00 WIB. '.repeat(20)}</p>`,
};

let child: ChildProcess | null = null;
const waiters = new Map<string, (message: Record<string, unknown>) => void>();

function ask<T extends Record<string, unknown>>(
  command: Record<string, unknown>,
  answer: string,
): Promise<T> {
  return new Promise((resolve) => {
    waiters.set(answer, resolve as (message: Record<string, unknown>) => void);
    child?.send(command);
  });
}

/** Publishes once and collects one arrival time per client (the payload carries `sentAt`). */
async function measureDelivery(
  publish: () => void,
  arrivals: Array<{ at: number; data: Buffer }>,
): Promise<{ latencies: number[]; blockedMs: number }> {
  arrivals.length = 0;
  publish();
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (arrivals.length < CLIENTS && Date.now() < deadline) await sleep(5);
  const { maxMs } = await ask<{ maxMs: number }>({ type: 'stop-measure' }, 'blocked');
  if (arrivals.length < CLIENTS)
    throw new Error(`only ${arrivals.length} of ${CLIENTS} clients received the notice`);
  const latencies = arrivals
    .map(({ at, data }) => at - (JSON.parse(data.toString('utf8')) as { sentAt: number }).sentAt)
    .sort((a, b) => a - b);
  return { latencies, blockedMs: maxMs };
}

function line(name: string, value: string, budget: string, ok: boolean): boolean {
  console.log(
    `${name.padEnd(34)} ${value.padStart(12)}   budget ${budget.padEnd(10)} ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  return ok;
}

let exitCode = 1;
try {
  child = fork(join(benchDir, 'support/realtime-fanout-server.ts'), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message: Record<string, unknown>) => {
    const waiter = waiters.get(String(message.type));
    if (waiter) {
      waiters.delete(String(message.type));
      waiter(message);
    }
  });
  const { port, barePort } = await ask<{ port: number; barePort: number }>({ type: 'noop' }, 'ready');
  console.log(`realtime fan-out: ${CLIENTS} clients, notice payload ${JSON.stringify(NOTICE).length} bytes`);

  // Our gateway: connect, then measure memory at rest, then deliver.
  const before = await ask<{ rss: number; heapUsed: number; external: number }>({ type: 'memory' }, 'memory');
  const arrivals: Array<{ at: number; data: Buffer }> = [];
  const record = (data: Buffer) => arrivals.push({ at: now(), data });
  // Every connection signs in as its own user (`bench-<n>`, the bench server's authenticator).
  const sockets = await inBatches(CLIENTS, (index) =>
    rsocketSubscriber(
      port,
      {
        token: `bench-${index + 1}`,
        clientId: `c${index}`,
        keepAliveMs: 60_000,
        route: RealtimeRoute.noticeBroadcast,
      },
      (data) => {
        const frame = deserializeFrame(data);
        if (frame.type === FrameTypes.PAYLOAD) record(frame.data ?? Buffer.alloc(0));
      },
    ),
  );
  for (;;) {
    const stats = await ask<{ streams: number }>({ type: 'stats' }, 'stats');
    if (stats.streams >= CLIENTS) break;
    await sleep(50);
  }
  await sleep(1_000);
  const after = await ask<{ rss: number; heapUsed: number; external: number }>({ type: 'memory' }, 'memory');
  const kbPerConnection = (after.rss - before.rss) / 1024 / CLIENTS;
  const heapKbPerConnection =
    (after.heapUsed + after.external - before.heapUsed - before.external) / 1024 / CLIENTS;

  await measureDelivery(() => child?.send({ type: 'publish', payload: NOTICE }), arrivals); // warm-up
  const ours = await measureDelivery(() => child?.send({ type: 'publish', payload: NOTICE }), arrivals);
  for (const socket of sockets) socket.terminate();

  // Bare ws: the same payload to the same number of sockets, one synchronous loop.
  const bareSockets = await inBatches(CLIENTS, () => bareSubscriber(barePort, record));
  for (;;) {
    const stats = await ask<{ bareClients: number }>({ type: 'stats' }, 'stats');
    if (stats.bareClients >= CLIENTS) break;
    await sleep(50);
  }
  await measureDelivery(() => child?.send({ type: 'publish-bare', payload: NOTICE }), arrivals); // warm-up
  const bare = await measureDelivery(() => child?.send({ type: 'publish-bare', payload: NOTICE }), arrivals);
  for (const socket of bareSockets) socket.terminate();

  const oursLast = ours.latencies.at(-1)!;
  const bareLast = bare.latencies.at(-1)!;
  const ratio = bareLast / oursLast;
  const p99 = percentile(ours.latencies, 0.99);
  console.log('');
  console.log(`${'figure'.padEnd(34)} ${'value'.padStart(12)}`);
  line('latency p50 (gateway)', `${percentile(ours.latencies, 0.5).toFixed(1)} ms`, '-', true);
  const p99Ok = line('latency p99 (gateway)', `${p99.toFixed(1)} ms`, `< ${P99_MS_MAX} ms`, p99 < P99_MS_MAX);
  line('last client reached (gateway)', `${oursLast.toFixed(1)} ms`, '-', true);
  line('latency p50 (bare ws loop)', `${percentile(bare.latencies, 0.5).toFixed(1)} ms`, '-', true);
  line('latency p99 (bare ws loop)', `${percentile(bare.latencies, 0.99).toFixed(1)} ms`, '-', true);
  line('last client reached (bare ws loop)', `${bareLast.toFixed(1)} ms`, '-', true);
  const ratioOk = line(
    'ratio bare / gateway (last client)',
    ratio.toFixed(2),
    `>= ${RATIO_MIN}`,
    ratio >= RATIO_MIN,
  );
  const memoryOk = line(
    'memory per idle connection (RSS)',
    `${kbPerConnection.toFixed(1)} KB`,
    `< ${KB_PER_CONNECTION_MAX} KB`,
    kbPerConnection < KB_PER_CONNECTION_MAX,
  );
  line('  of which heap + external', `${heapKbPerConnection.toFixed(1)} KB`, '-', true);
  const blockOk = line(
    'longest event-loop block (gateway)',
    `${ours.blockedMs.toFixed(1)} ms`,
    `< ${BLOCK_MS_MAX} ms`,
    ours.blockedMs < BLOCK_MS_MAX,
  );
  line('longest event-loop block (bare)', `${bare.blockedMs.toFixed(1)} ms`, '-', true);
  exitCode = p99Ok && ratioOk && memoryOk && blockOk ? 0 : 1;
} catch (error) {
  console.error('realtime-fanout failed:', error);
  exitCode = 1;
} finally {
  child?.kill('SIGTERM');
}
process.exit(exitCode);
