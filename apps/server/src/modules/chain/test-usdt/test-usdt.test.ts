// Proves the shipped test USDT bytecode is exactly TestUsdt.sol compiled by the pinned solc (so the
// dev chain runs the source in the repository); regenerate with `npm run chain:build-token`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_PATH, compileTestUsdt } from './compile.ts';

describe('test USDT artifact', () => {
  it('matches a fresh compile of TestUsdt.sol', () => {
    const shipped = JSON.parse(readFileSync(ARTIFACT_PATH, 'utf8')) as { bytecode: string; compiler: string };
    const fresh = compileTestUsdt();
    expect(fresh.compiler).toBe(shipped.compiler);
    expect(fresh.bytecode).toBe(shipped.bytecode);
  }, 60_000);
});
