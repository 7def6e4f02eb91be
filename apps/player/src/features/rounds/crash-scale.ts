/**
 * The crash graph's scale: where its gridlines go. Pure, so the steps are tested apart from the
 * canvas. Both axes pick the smallest "round" step that keeps the lines few enough to label on a
 * 360 px screen, so the grid changes step (not density) as the curve climbs.
 */

/** Multiplier steps a grid may use (in ×). */
const MULTIPLIER_STEPS = [0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500];
/** Second steps a grid may use. */
const SECOND_STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120];

/**
 * The multipliers (in cents) of the horizontal gridlines under `top` (the axis' top, in ×, above 1):
 * multiples of the step above 1×, at most `lines` of them.
 */
export function gridMultipliers(top: number, lines = 4): number[] {
  const span = top - 1;
  if (!(span > 0)) return [];
  const step = MULTIPLIER_STEPS.find((candidate) => span / candidate <= lines) ?? span / lines;
  const cents = Math.round(step * 100);
  const found: number[] = [];
  for (let value = 100 + cents; value < top * 100; value += cents) found.push(value);
  return found;
}

/** The seconds of the vertical gridlines within `spanMs` of the start, at most `lines` of them. */
export function gridSeconds(spanMs: number, lines = 5): number[] {
  const span = spanMs / 1000;
  if (!(span > 0)) return [];
  const step = SECOND_STEPS.find((candidate) => span / candidate <= lines) ?? Math.ceil(span / lines);
  const found: number[] = [];
  for (let value = step; value < span; value += step) found.push(value);
  return found;
}
