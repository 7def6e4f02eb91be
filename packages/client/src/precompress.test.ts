import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressTree, precompress } from './precompress.ts';

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function buildTree() {
  const root = mkdtempSync(join(tmpdir(), 'precompress-'));
  made.push(root);
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, '.vite'));
  const script = `export const text = ${JSON.stringify('payhub '.repeat(400))};\n`;
  writeFileSync(join(root, 'assets/index-abc.js'), script);
  writeFileSync(join(root, 'assets/tiny.js'), 'export {};\n');
  writeFileSync(join(root, 'assets/logo.png'), Buffer.alloc(4096, 7));
  writeFileSync(join(root, '.vite/manifest.json'), JSON.stringify({ pad: 'x'.repeat(4096) }));
  writeFileSync(join(root, 'index.html'), `<!doctype html>${'<p>halo</p>'.repeat(200)}`);
  return { root, script };
}

describe('compressTree', () => {
  it('writes .br and .gz that decompress to the file, beside every compressible file of 1 KB or more', () => {
    const { root, script } = buildTree();
    compressTree(root);
    const file = join(root, 'assets/index-abc.js');
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(join(root, 'index.html.br'))).toBe(true);
  });

  it('leaves small files, images and the Vite manifest alone', () => {
    const { root } = buildTree();
    compressTree(root);
    expect(existsSync(join(root, 'assets/tiny.js.gz'))).toBe(false);
    expect(existsSync(join(root, 'assets/logo.png.gz'))).toBe(false);
    expect(existsSync(join(root, '.vite/manifest.json.gz'))).toBe(false);
  });
});

describe('precompress', () => {
  it('compresses the resolved output folder once the bundle is closed', () => {
    const { root } = buildTree();
    const plugin = precompress();
    plugin.configResolved({ root, build: { outDir: '.' } });
    plugin.closeBundle.handler();
    expect(existsSync(join(root, 'assets/index-abc.js.br'))).toBe(true);
  });
});
