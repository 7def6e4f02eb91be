// Compiles TestUsdt.sol with the pinned `solc` npm package (no download: the compiler is JavaScript).
// Used by `npm run chain:build-token` to write test-usdt.artifact.json and by the test that proves the
// shipped bytecode is this source's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SOURCE_PATH = join(here, 'TestUsdt.sol');
export const ARTIFACT_PATH = join(here, 'test-usdt.artifact.json');

export interface TestUsdtArtifact {
  compiler: string;
  bytecode: `0x${string}`;
}

export function compileTestUsdt(): TestUsdtArtifact {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: { 'TestUsdt.sol': { content: readFileSync(SOURCE_PATH, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Paris: no PUSH0, so any EVM dev chain or testnet runs it.
      evmVersion: 'paris',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const object = output.contracts['TestUsdt.sol']?.TestUsdt?.evm.bytecode.object;
  if (!object) throw new Error('solc produced no bytecode for TestUsdt');
  return { compiler: solc.version(), bytecode: `0x${object}` };
}
