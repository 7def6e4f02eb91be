// Every fast-check property of a test file runs from one seed, printed when a test of the file
// fails, so any red run replays exactly: FC_SEED=<seed> npx vitest run <file>.
import fc from 'fast-check';
import { beforeEach } from 'vitest';

function seedOf(text: string | undefined): number {
  if (text !== undefined && /^-?\d+$/.test(text.trim())) return Number(text.trim()) | 0;
  // A fresh seed per file and run; fast-check would otherwise pick one and show it only in its own
  // failure message, which an expect() inside a property or a later coverage check never reaches.
  return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
}

const seed = seedOf(process.env.FC_SEED);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(() => {
    const file = task.file?.filepath ?? task.file?.name ?? '';
    console.error(`[fast-check] seed ${seed}; replay: FC_SEED=${seed} npx vitest run ${file}`);
  });
});
