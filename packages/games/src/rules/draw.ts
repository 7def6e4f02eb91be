/**
 * Stake's draw without replacement (the Mines mapping): tiles 0…n−1 numbered left to right, top to
 * bottom; draw i multiplies float i by the number of tiles still in the pool, takes that index of the
 * ordered pool and removes it. Shared by mines and fruit bomb.
 */
import { type FloatSource, floatsOf } from '../fair/seed-pair.ts';

export function drawWithoutReplacement(input: FloatSource, poolSize: number, draws: number): number[] {
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 1_000)
    throw new RangeError('poolSize out of range');
  if (!Number.isInteger(draws) || draws < 0 || draws > poolSize) throw new RangeError('draws out of range');
  const pool = Array.from({ length: poolSize }, (_, index) => index);
  const stream = floatsOf(input);
  const drawn: number[] = [];
  for (let index = 0; index < draws; index += 1) {
    const position = Math.floor(stream.next() * pool.length);
    drawn.push(pool.splice(position, 1)[0]!);
  }
  return drawn;
}
