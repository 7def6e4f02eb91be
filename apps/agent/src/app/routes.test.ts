// Proves the agent app's hrefs and its route table agree: every path the table mounts is spelled in
// lib/paths.ts, every path there is mounted (the transaction route too), each once.
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { routeTable } from './routes.tsx';

describe('route table and paths', () => {
  const mounted = routeTable.map((route) => route.path);

  it('mounts each path once, and only paths of lib/paths.ts', () => {
    expect(new Set(mounted).size).toBe(mounted.length);
    const known: readonly string[] = Object.values(paths);
    for (const path of mounted) expect(known, path).toContain(path);
  });

  it('mounts every path of lib/paths.ts, /transaction included', () => {
    const unmounted = Object.values(paths).filter((path) => !mounted.includes(path));
    expect(unmounted).toEqual([]);
  });
});
