// Proves the apps' Biome import zones are live: a deliberate import across a zone (shared/lib → app,
// lib/shared → feature, feature → app, feature → another feature) fails `biome lint`, allowed imports
// pass, and every feature folder of both apps has its own zone in biome.json; on the server, a module
// importing another module's repo or schema fails, and every module folder has its zone.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
const APPS = ['agent', 'player'] as const;

const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

/** Writes a probe file importing `specifier` at `folder` (relative to the app's src/), lints it. */
function lintProbe(app: string, folder: string, specifier: string): { failed: boolean; output: string } {
  const file = path.join(ROOT, 'apps', app, 'src', folder, `zone-probe-${process.pid}.ts`);
  written.push(file);
  writeFileSync(file, `import * as probe from '${specifier}';\n\nexport const used = probe;\n`);
  try {
    const output = execFileSync(BIOME, ['lint', '--max-diagnostics=5', path.relative(ROOT, file)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { failed: false, output };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

describe.each(APPS)('apps/%s import zones', (app) => {
  const features = readdirSync(path.join(ROOT, 'apps', app, 'src', 'features'));

  it.each([
    ['shared', '../app/router.tsx', 'app/ composes'],
    ['lib', '../app/router.tsx', 'app/ composes'],
    ['lib', '../features/payhub/deposit-page.tsx', 'never import a feature'],
    ['shared', '../features/payhub/deposit-page.tsx', 'never import a feature'],
    ['features/payhub', '../../app/router.tsx', 'app/ composes'],
    ['features/payhub', '../withdraw/withdraw-page.tsx', 'never imports another feature'],
    ['features/payhub', '../../features/withdraw/withdraw-page.tsx', 'never imports another feature'],
  ])('%s may not import %s', (folder, specifier, message) => {
    const result = lintProbe(app, folder, specifier);
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain('noRestrictedImports');
    expect(result.output).toContain(message);
  });

  it.each([
    ['features/payhub', '../../lib/api.ts'],
    ['features/payhub', './api.ts'],
    ['features/payhub', '../../shared/ui/button.tsx'],
    ['lib', '../shared/cookies.ts'],
    ['app', '../features/payhub/api.ts'],
  ])('%s may import %s', (folder, specifier) => {
    const result = lintProbe(app, folder, specifier);
    expect(result.failed, result.output).toBe(false);
  });

  it('has a zone for every feature folder (add one to biome.json with a new feature)', () => {
    const config = readFileSync(path.join(ROOT, 'biome.json'), 'utf8');
    for (const feature of features) {
      expect(config, feature).toContain(`"apps/${app}/src/features/${feature}/**"`);
      expect(config, feature).toContain(`"!**/features/${feature}/**"`);
    }
  });
});

describe('apps/console import zones', () => {
  const features = readdirSync(path.join(ROOT, 'apps', 'console', 'src', 'features'));

  it.each([
    ['lib', '../app/router.tsx', 'app/ composes'],
    ['shared', '../features/players/players-page.tsx', 'never import a feature'],
    ['features/players', '../../app/router.tsx', 'app/ composes'],
    ['features/players', '../reports/reports-page.tsx', 'never imports another feature'],
  ])('%s may not import %s', (folder, specifier, message) => {
    const result = lintProbe('console', folder, specifier);
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain(message);
  });

  it.each([
    ['features/players', '../../lib/api.ts'],
    ['features/players', './api.ts'],
    ['app', '../features/players/api.ts'],
  ])('%s may import %s', (folder, specifier) => {
    expect(lintProbe('console', folder, specifier).failed).toBe(false);
  });

  it('has a zone for every feature folder', () => {
    const config = readFileSync(path.join(ROOT, 'biome.json'), 'utf8');
    for (const feature of features) {
      expect(config, feature).toContain(`"apps/console/src/features/${feature}/**"`);
      expect(config, feature).toContain(`"!**/features/${feature}/**"`);
    }
  });
});

/** Writes a probe file named `name` in a server module folder importing `specifier`, lints it. */
function lintServerProbe(
  module: string,
  name: string,
  specifier: string,
): { failed: boolean; output: string } {
  // A name ending `.repo` makes the probe a repo file (`zone-probe-<pid>.repo.ts`).
  const base = `${name.replace(/\.repo$/, '')}-${process.pid}${name.endsWith('.repo') ? '.repo' : ''}.ts`;
  const file = path.join(ROOT, 'apps', 'server', 'src', 'modules', module, base);
  written.push(file);
  writeFileSync(file, `import * as probe from '${specifier}';\n\nexport const used = probe;\n`);
  try {
    const output = execFileSync(BIOME, ['lint', '--max-diagnostics=5', path.relative(ROOT, file)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { failed: false, output };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { failed: true, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

describe('apps/server module zones', () => {
  const modules = readdirSync(path.join(ROOT, 'apps', 'server', 'src', 'modules'));

  it.each([
    ['commission', 'zone-probe', '../payhub/payhub.repo.ts', 'owns its tables'],
    ['commission', 'zone-probe.repo', '../payhub/payhub.repo.ts', 'owns its tables'],
    ['payhub-tools', 'zone-probe', '../../modules/payhub/payhub.repo.ts', 'owns its tables'],
    ['promo', 'zone-probe', '../user/user.schema.ts', 'owns its tables'],
    ['promo', 'zone-probe.repo', '../user/user.schema.ts', 'owns its tables'],
    ['withdraw', 'zone-probe.repo', '../user/user.schema.ts', 'owns its tables'],
    // A later override replaces the earlier one's options: the module zone repeats the database rule.
    ['withdraw', 'zone-probe', 'drizzle-orm', 'Only *.repo.ts files talk to the database'],
    ['quota', 'zone-probe', 'pg', 'Only platform/db opens connections'],
  ])('%s/%s may not import %s', (module, name, specifier, message) => {
    const result = lintServerProbe(module, name, specifier);
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain('noRestrictedImports');
    expect(result.output).toContain(message);
  });

  it.each([
    ['commission', 'zone-probe', '../payhub/payhub.service.ts'],
    ['commission', 'zone-probe', './commission.repo.ts'],
    ['withdraw', 'zone-probe.repo', 'drizzle-orm'],
    ['withdraw', 'zone-probe', '../../money/order-lifecycle.ts'],
  ])('%s/%s may import %s', (module, name, specifier) => {
    const result = lintServerProbe(module, name, specifier);
    expect(result.failed, result.output).toBe(false);
  });

  it('has a zone for every module folder (add one to biome.json with a new module)', () => {
    const config = readFileSync(path.join(ROOT, 'biome.json'), 'utf8');
    for (const module of modules) {
      expect(config, module).toContain(`"apps/server/src/modules/${module}/**"`);
      expect(config, module).toContain(`"!**/modules/${module}/**"`);
    }
  });
});
