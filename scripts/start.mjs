// `npm start`: builds the two web apps when their bundles are missing or older than their
// sources, then runs the server (embedded PostgreSQL unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function needsBuild(app) {
  const index = join(root, 'apps', app, 'dist/index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(newestMtime(join(root, 'apps', app, 'src')), newestMtime(join(root, 'packages')));
  return sources > statSync(index).mtimeMs;
}

for (const app of ['agent', 'player', 'console']) {
  if (!existsSync(join(root, 'apps', app, 'index.html'))) continue;
  if (!needsBuild(app)) continue;
  console.log(`[payhub] building the ${app} app`);
  const result = spawnSync('npm', ['run', 'build', '-w', `@payhub/${app}`], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Without NODE_ENV, `npm start` is the fresh-machine demo (README: "npm start starts everything with
// seeded demo data"), so it asks for development mode explicitly and says so before anything else;
// the server itself defaults to production. Production: NODE_ENV=production npm start.
const env = { ...process.env };
if (!env.NODE_ENV) {
  env.NODE_ENV = 'development';
  console.log(
    '[payhub] NODE_ENV is not set: starting in DEVELOPMENT mode with demo data (set NODE_ENV=production for production)',
  );
}
// The demo game provider (apps/demo-provider) runs beside the server unless PROVIDER_DEMO_URL=off
// (production: only when its public key is configured; docs/providers.md). It listens on a port
// that is free now (DEMO_PROVIDER_PORT pins one), handed to the server as PROVIDER_DEMO_URL: two
// installations on one machine never collide on it, whatever their PORT.
function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
if (env.PROVIDER_DEMO_URL !== 'off') {
  env.DEMO_PROVIDER_PORT ??= String(await freePort(env.DEMO_PROVIDER_HOST ?? '127.0.0.1'));
  env.PROVIDER_DEMO_URL ??= `http://127.0.0.1:${env.DEMO_PROVIDER_PORT}`;
}
const demoProvider =
  env.PROVIDER_DEMO_URL !== 'off' && (env.NODE_ENV !== 'production' || env.PROVIDER_DEMO_PUBLIC_KEY)
    ? spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/demo-provider/src/main.ts')], {
        cwd: root,
        stdio: 'inherit',
        env,
      })
    : null;
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    demoProvider?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  demoProvider?.kill('SIGTERM');
  process.exit(code ?? 0);
});
