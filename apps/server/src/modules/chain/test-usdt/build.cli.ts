// `npm run chain:build-token`: recompiles TestUsdt.sol and writes the artifact the dev chain deploys.
import { writeFileSync } from 'node:fs';
import { ARTIFACT_PATH, compileTestUsdt } from './compile.ts';

const artifact = compileTestUsdt();
writeFileSync(ARTIFACT_PATH, `${JSON.stringify(artifact, null, 2)}\n`);
console.log(
  `wrote ${ARTIFACT_PATH} (${(artifact.bytecode.length - 2) / 2} bytes, solc ${artifact.compiler})`,
);
