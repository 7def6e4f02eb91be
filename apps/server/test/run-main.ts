// Runs the real entry point (apps/server/src/main.ts through tsx) with exactly the given environment,
// for tests of what a start does (modes, secrets, first-start seeding).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/free-port.mjs';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export { freePort };

/** Runs main.ts with exactly `env` (plus PATH/HOME); resolves once it is ready or has exited. */
export function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk) => {
    output += chunk.toString();
  });
  const settled = new Promise<{ ready: boolean; exitCode: number | null }>((resolve) => {
    child.stdout.on('data', () => {
      if (output.includes('ready in')) resolve({ ready: true, exitCode: null });
    });
    child.once('exit', (exitCode) => resolve({ ready: false, exitCode }));
  });
  return {
    settled,
    output: () => output,
    /** kill -9: the process dies at once, its connections drop without a goodbye. */
    kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
