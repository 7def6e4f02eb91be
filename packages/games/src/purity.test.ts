// Proves the shared core stays pure and browser-safe: no clock, no Math.random, no Node built-ins and nothing of the repo outside bin/, node/ (Node-only adapters the index does not export) and tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = fileURLToPath(new URL('.', import.meta.url));

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

describe('purity of @payhub/games', () => {
  const shared = files(source)
    .map((path) => relative(source, path))
    .filter(
      (path) =>
        path.endsWith('.ts') &&
        !path.endsWith('.test.ts') &&
        !path.startsWith('bin/') &&
        !path.startsWith('node/'),
    );

  it('has shared modules to check', () => {
    expect(shared).toContain('fair/seed-pair.ts');
    expect(shared.length).toBeGreaterThan(10);
  });

  it('keeps the Node-only adapters out of what the index exports', () => {
    const index = readFileSync(join(source, 'index.ts'), 'utf8');
    expect(index).not.toMatch(/from '\.\/(node|bin)\//);
    for (const path of shared)
      expect(readFileSync(join(source, path), 'utf8'), path).not.toMatch(/from '[./]*node\//);
  });

  it('uses no clock, no Math.random, no Node built-ins, no other package of the repo', () => {
    for (const path of shared) {
      // Comments may name what the code avoids; only code counts.
      const text = readFileSync(join(source, path), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      for (const specifier of imports) {
        expect(
          specifier.startsWith('.') || specifier.startsWith('@noble/hashes/'),
          `${path} imports ${specifier}`,
        ).toBe(true);
      }
      expect(text, path).not.toMatch(/Math\.random|Date\.now|new Date|performance\.now|process\.|require\(/);
    }
  });
});
