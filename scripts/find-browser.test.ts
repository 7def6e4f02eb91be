// Proves the browser lookup order (CHROMIUM_PATH, then the PATH) and that `npm test` without any
// browser stops at once with the one line the README quotes, before typecheck or any suite runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium, NO_BROWSER_MESSAGE } from './find-browser.mjs';

const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'payhub-find-browser-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fakeBinary(directory: string, name: string, executable = true): string {
  const path = join(directory, name);
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, executable ? 0o755 : 0o644);
  return path;
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and refuses a set path that cannot run', async () => {
    const binary = fakeBinary(scratch, 'my-chrome');
    const other = mkdtempSync(join(scratch, 'bin-'));
    fakeBinary(other, 'chromium');
    expect(await findChromium({ CHROMIUM_PATH: binary, PATH: other }, { lookForPlaywright: false })).toBe(
      binary,
    );
    const broken = fakeBinary(scratch, 'not-executable', false);
    expect(
      await findChromium({ CHROMIUM_PATH: broken, PATH: other }, { lookForPlaywright: false }),
    ).toBeNull();
  });

  it('finds chromium or google-chrome on the PATH, and nothing on an empty PATH', async () => {
    const first = mkdtempSync(join(scratch, 'bin-'));
    const second = mkdtempSync(join(scratch, 'bin-'));
    const chrome = fakeBinary(second, 'google-chrome');
    expect(await findChromium({ PATH: `${first}:${second}` }, { lookForPlaywright: false })).toBe(chrome);
    const chromium = fakeBinary(first, 'chromium');
    expect(await findChromium({ PATH: `${first}:${second}` }, { lookForPlaywright: false })).toBe(chromium);
    expect(
      await findChromium({ PATH: mkdtempSync(join(scratch, 'empty-')) }, { lookForPlaywright: false }),
    ).toBeNull();
  });
});

describe('npm test without a browser', () => {
  it('stops at once with the clear line, which the README quotes word for word', () => {
    // An empty PATH (node is started by its own path) and Playwright pointed at an empty browser folder.
    const result = spawnSync(process.execPath, [join(root, 'scripts/test.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: {
        PATH: mkdtempSync(join(scratch, 'empty-path-')),
        HOME: scratch,
        PLAYWRIGHT_BROWSERS_PATH: mkdtempSync(join(scratch, 'no-browsers-')),
      },
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(NO_BROWSER_MESSAGE);
    expect(result.stdout).not.toContain('=== typecheck');
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(NO_BROWSER_MESSAGE);
  });
});
