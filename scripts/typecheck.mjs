// `npm run typecheck`: the four TypeScript projects (server and packages, then the three apps), two
// at a time — each tsc is mostly one core, and CI has two.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const projects = [
  'tsconfig.json',
  'apps/agent/tsconfig.json',
  'apps/player/tsconfig.json',
  'apps/console/tsconfig.json',
];
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

const check = (project) =>
  new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      // One project's errors printed together, when it ends.
      if (output) process.stdout.write(output);
      console.log(`typecheck ${project}: ${code === 0 ? 'ok' : `failed (exit ${code})`}`);
      resolve(code === 0);
    });
  });

const queue = [...projects];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length > 0) results.push(await check(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
