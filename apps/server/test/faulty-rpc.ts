// A JSON-RPC proxy in front of the dev chain that can answer chosen methods with a node's error
// (as geth does while it rebuilds its transaction index, or a load-balanced node that lags), so the
// chain tests see what the watcher does when a lookup fails rather than finds nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultyRpc {
  url: string;
  /** Methods answered with an error while set (empty: everything passes). */
  failing: Set<string>;
  close(): Promise<void>;
}

export async function startFaultyRpc(upstream: string): Promise<FaultyRpc> {
  const failing = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const calls = JSON.parse(body) as
        | { id: unknown; method: string }
        | Array<{ id: unknown; method: string }>;
      const list = Array.isArray(calls) ? calls : [calls];
      if (list.some((call) => failing.has(call.method))) {
        const errors = list.map((call) => ({
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32000, message: 'transaction indexing is in progress' },
        }));
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(Array.isArray(calls) ? errors : errors[0]));
        return;
      }
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      response.statusCode = answer.status;
      response.setHeader('content-type', 'application/json');
      response.end(await answer.text());
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
