// A port for a server a test or benchmark is about to start, shared by the e2e harness, the server's
// start tests and the benchmarks.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where this machine's outgoing connections take their local ports from (Linux), else the usual start. */
function ephemeralLow() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

const LOW = 20_000;

function canListen(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port below the kernel's ephemeral range. A port the kernel hands out (listen on 0) comes
 * from that range and stays free only until the next outgoing connection takes it — a PostgreSQL
 * client, Chromium —, so a server started a moment later could fail with EADDRINUSE (an e2e file in
 * a CI run of 2026-12-04). Random within 20000 up to the range, probed free; the kernel's choice only
 * where the range starts too low to leave room.
 */
export async function freePort() {
  const high = ephemeralLow();
  if (high - LOW >= 1_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = LOW + Math.floor(Math.random() * (high - LOW));
      if (await canListen(port)) return port;
    }
  }
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
