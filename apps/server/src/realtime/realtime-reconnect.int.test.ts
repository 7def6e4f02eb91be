// Proves the client's recovery with a controllable clock: a refused channel is retried after 3 s;
// after a server restart it reconnects after 1.5 s x a counter that grows on each CONNECTING, then
// re-SETUPs, re-authenticates and re-subscribes.
import { RealtimeState } from '@payhub/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ManualTimers,
  ourClient,
  type StandaloneGateway,
  startGateway,
  waitFor,
} from './realtime.test-support.ts';

const nodes: StandaloneGateway[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close().catch(() => {});
});

describe('reconnect after a server restart', () => {
  it('backs off 1.5 s x counter, then re-authenticates and re-subscribes', async () => {
    const first = await startGateway();
    nodes.push(first);
    const timers = new ManualTimers();
    const client = ourClient(first.baseUrl, { token: 'good-5', timers });
    const items: unknown[] = [];
    client.subscribe('/test/stream', (item) => items.push(item));
    const states: number[] = [];
    client.onStateChange((state) => states.push(state));

    client.start();
    expect(client.state).toBe(RealtimeState.READY);
    timers.run(0); // entering READY: 1.5 s x 0
    await waitFor(() => client.authenticated && first.gateway.stats().streams === 1, 5_000, 'first session');
    expect(client.reconnectCounter).toBe(1);
    await first.gateway.broadcast('/test/stream', { n: 1 });
    await waitFor(() => items.length === 1, 2_000, 'first item');

    // The server goes away: DISCONNECT schedules a reconnect after 1.5 s x 1.
    await first.close();
    nodes.length = 0;
    await waitFor(() => client.state === RealtimeState.DISCONNECT, 5_000, 'disconnect');
    expect(client.authenticated).toBe(false);
    expect(timers.delays()).toContain(1_500);

    // Each failed attempt passes through CONNECTING (counter + 1) and waits one step longer.
    timers.run(1_500);
    await waitFor(
      () => timers.delays().includes(3_000) && client.state === RealtimeState.DISCONNECT,
      5_000,
      '2nd',
    );
    expect(client.reconnectCounter).toBe(2);
    timers.runAll(3_000); // the reconnect and the channel's 3 s retry (still disconnected: it waits again)
    await waitFor(() => timers.delays().includes(4_500), 5_000, '3rd backoff');
    expect(client.reconnectCounter).toBe(3);
    expect(client.reconnectDelaysMs).toEqual([0, 1_500, 3_000, 4_500]);

    // The server is back on the same port; the next attempt connects and restores the session.
    const second = await startGateway({ port: first.port });
    nodes.push(second);
    timers.run(4_500);
    await waitFor(() => client.state === RealtimeState.CONNECTED, 5_000, 'reconnected');
    await waitFor(() => client.authenticated, 5_000, 're-authenticated');
    expect(second.gateway.connectionsOf(5)).toHaveLength(1);
    await waitFor(() => second.gateway.stats().streams === 1, 5_000, 're-subscribed');
    await second.gateway.broadcast('/test/stream', { n: 2 });
    await waitFor(() => items.length === 2, 2_000, 'item after restart');
    expect(items).toEqual([{ n: 1 }, { n: 2 }]);
    expect(states).toEqual([
      RealtimeState.READY,
      RealtimeState.CONNECTING,
      RealtimeState.CONNECTED,
      RealtimeState.DISCONNECT,
      RealtimeState.CONNECTING,
      RealtimeState.DISCONNECT,
      RealtimeState.CONNECTING,
      RealtimeState.DISCONNECT,
      RealtimeState.CONNECTING,
      RealtimeState.CONNECTED,
    ]);
    client.stop();
  });

  it('a channel refused by the server is retried after 3 s', async () => {
    const node = await startGateway();
    nodes.push(node);
    const timers = new ManualTimers();
    const client = ourClient(node.baseUrl, { token: 'good-8', timers });
    client.start();
    timers.run(0);
    await waitFor(() => client.authenticated, 5_000, 'connected');
    const items: unknown[] = [];
    client.subscribe('/late/stream', (item) => items.push(item));
    // Unknown route: the server answers ERROR on the stream and the client schedules a retry.
    await waitFor(() => timers.delays().includes(3_000), 5_000, 'retry scheduled');
    expect(node.gateway.stats().streams).toBe(0);
    node.gateway.onStream('/late/stream');
    timers.run(3_000);
    await waitFor(() => node.gateway.stats().streams === 1, 5_000, 'retried subscription');
    await node.gateway.broadcast('/late/stream', { ok: 1 });
    await waitFor(() => items.length === 1, 2_000, 'item');
    expect(items).toEqual([{ ok: 1 }]);
    client.stop();
  });

  it('stop() ends reconnecting: no timer is left behind', async () => {
    const node = await startGateway();
    nodes.push(node);
    const timers = new ManualTimers();
    const client = ourClient(node.baseUrl, { timers });
    client.start();
    timers.run(0);
    await waitFor(() => client.state === RealtimeState.CONNECTED, 5_000, 'connected');
    client.stop();
    await waitFor(() => node.gateway.stats().connections === 0, 5_000, 'server saw the close');
    expect(timers.delays()).toEqual([]);
  });
});
