// Proves the shared free-port helper answers ports outside the kernel's ephemeral range (where an
// outgoing connection could take them before the server binds) that a server can listen on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.mjs';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

describe('freePort', () => {
  it('answers distinct listenable ports below the ephemeral range', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    // A machine whose range starts below 21000 leaves no room: the helper takes the kernel's choice.
    if (ephemeralLow - 20_000 >= 1_000)
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(20_000);
        expect(port).toBeLessThan(ephemeralLow);
      }
    expect(new Set(ports).size).toBeGreaterThan(15);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[0], '127.0.0.1', () => resolve());
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
