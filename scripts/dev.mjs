// `npm run dev`: the server with reload on change (tsx watch, port 8080, embedded PostgreSQL unless
// DATABASE_URL is set) and the Vite dev servers with hot module replacement — the agent app on
// http://localhost:5173/ and, when it has an entry, the player app on http://localhost:5174/play/.
// The Vite servers proxy /main, /api (with websockets) and /uploads to the server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const serverPort = process.env.PORT ?? '8080';
const children = [];

function run(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  child.once('exit', (code, signal) => {
    console.log(`[dev] ${name} stopped (${signal ?? code})`);
    stopAll();
  });
  children.push(child);
}

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

run('server', process.execPath, ['--import', 'tsx', '--watch', join(root, 'apps/server/src/main.ts')], {
  env: { NODE_ENV: 'development', ...process.env, PORT: serverPort },
});
const viteEnv = { ...process.env, PAYHUB_SERVER: `http://localhost:${serverPort}` };
for (const app of ['agent', 'player']) {
  const appDir = join(root, 'apps', app);
  if (!existsSync(join(appDir, 'index.html')) || !existsSync(join(appDir, 'src/main.tsx'))) continue;
  run(`${app} (vite)`, process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: appDir,
    env: viteEnv,
  });
}
