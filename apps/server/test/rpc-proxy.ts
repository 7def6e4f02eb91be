// A JSON-RPC proxy in front of the dev chain that behaves as a real node where ganache does not:
// it can answer chosen methods with a node's error (as geth does while it rebuilds its transaction
// index, or a load-balanced node that lags), so the chain tests see what the watcher does when a
// lookup fails rather than finds nothing; and it can number logs across their block, as real nodes
// do (ganache numbers each transaction's logs from 0), so a reorg that moves a transaction within
// its block moves its logs' indexes too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcProxy {
  url: string;
  /** Methods answered with an error while set (empty: everything passes). */
  failing: Set<string>;
  close(): Promise<void>;
}

interface RpcCall {
  id: unknown;
  method: string;
}
interface RpcLog {
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  blockNumber: string;
}

export async function startRpcProxy(
  upstream: string,
  options: { blockWideLogIndexes?: boolean } = {},
): Promise<RpcProxy> {
  const failing = new Set<string>();
  let nextId = 1;
  async function call(method: string, params: unknown[]): Promise<unknown> {
    const answer = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: `proxy-${nextId++}`, method, params }),
    });
    return ((await answer.json()) as { result: unknown }).result;
  }
  /**
   * A block's logs numbered across the block (by transaction, then log): by `tx:logIndex` as
   * eth_getLogs gives them, and by `tx#n` (the n-th log of its transaction) for receipts, whose
   * indexes ganache numbers per transaction.
   */
  async function blockIndexes(blockNumber: string): Promise<Map<string, number>> {
    const logs = (await call('eth_getLogs', [{ fromBlock: blockNumber, toBlock: blockNumber }])) as RpcLog[];
    const ordered = [...logs].sort(
      (a, b) =>
        Number(a.transactionIndex) - Number(b.transactionIndex) || Number(a.logIndex) - Number(b.logIndex),
    );
    const indexes = new Map<string, number>();
    const perTransaction = new Map<string, number>();
    for (const [index, log] of ordered.entries()) {
      const nth = perTransaction.get(log.transactionHash) ?? 0;
      perTransaction.set(log.transactionHash, nth + 1);
      indexes.set(`${log.transactionHash}:${Number(log.logIndex)}`, index);
      indexes.set(`${log.transactionHash}#${nth}`, index);
    }
    return indexes;
  }
  async function renumber(logs: RpcLog[], by: 'logIndex' | 'position'): Promise<void> {
    const blocks = new Map<string, Map<string, number>>();
    for (const [position, log] of logs.entries()) {
      let indexes = blocks.get(log.blockNumber);
      if (!indexes) {
        indexes = await blockIndexes(log.blockNumber);
        blocks.set(log.blockNumber, indexes);
      }
      const key =
        by === 'logIndex'
          ? `${log.transactionHash}:${Number(log.logIndex)}`
          : `${log.transactionHash}#${position}`;
      const index = indexes.get(key);
      if (index !== undefined) log.logIndex = `0x${index.toString(16)}`;
    }
  }
  async function answer(single: RpcCall & { params?: unknown[] }): Promise<unknown> {
    if (failing.has(single.method))
      return {
        jsonrpc: '2.0',
        id: single.id,
        error: { code: -32000, message: 'transaction indexing is in progress' },
      };
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(single),
    });
    const body = (await response.json()) as { result?: unknown };
    if (options.blockWideLogIndexes && body.result) {
      if (single.method === 'eth_getLogs') await renumber(body.result as RpcLog[], 'logIndex');
      if (single.method === 'eth_getTransactionReceipt')
        await renumber((body.result as { logs: RpcLog[] }).logs, 'position');
    }
    return body;
  }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const calls = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
      const answers = Array.isArray(calls) ? await Promise.all(calls.map(answer)) : await answer(calls);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answers));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
