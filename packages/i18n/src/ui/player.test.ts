// Proves the player catalogues are complete: es-MX and en have every key of the id-ID reference, no extra keys, and the same {{placeholders}}.
import { describe, expect, it } from 'vitest';
import { loadPlayerCatalog, playerIdID } from './player.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [childPath, text] of leaves(value, path)) found.set(childPath, text);
  }
  return found;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('player catalogues', () => {
  const reference = leaves(playerIdID as unknown as Tree);

  for (const locale of ['es-MX', 'en'] as const) {
    it(`${locale} matches the Indonesian reference key for key and placeholder for placeholder`, async () => {
      const catalog = leaves((await loadPlayerCatalog(locale)) as unknown as Tree);
      expect([...catalog.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [path, text] of reference) {
        expect({ path, placeholders: placeholders(catalog.get(path) ?? '') }).toEqual({
          path,
          placeholders: placeholders(text),
        });
        expect(catalog.get(path)?.trim(), path).not.toBe('');
      }
    });
  }

  it('answers the reference itself for id-ID', async () => {
    expect(await loadPlayerCatalog('id-ID')).toBe(playerIdID);
  });
});
