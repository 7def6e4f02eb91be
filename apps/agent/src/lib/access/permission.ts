import type { Identity } from './identity.ts';

type Field = keyof Identity;

/** One allowed value set: for each named field, the values that match (a single value or several). */
export type IdentityPattern = { [Key in Field]?: Identity[Key] | ReadonlyArray<Identity[Key]> };

export interface GateRule {
  /** The identity must match one of these sets; absent means everyone. */
  allow?: readonly IdentityPattern[];
  /**
   * Subset matching (default): the fields a set names must match, the others are free. Exact
   * matching: every field of the identity must match, so a set naming fewer fields matches only
   * identities whose other fields are empty (null).
   */
  exact?: boolean;
  /** Identities matching one of these are hidden even when allowed... */
  exclude?: readonly IdentityPattern[];
  /** ...unless they also match one of these, which re-allows them. */
  include?: readonly IdentityPattern[];
}

const FIELDS: readonly Field[] = ['role', 'spaType', 'spaPay', 'paymentRole', 'staff'];

function fieldMatches(expected: IdentityPattern[Field] | undefined, actual: Identity[Field]): boolean {
  if (Array.isArray(expected)) return expected.includes(actual);
  return expected === actual;
}

export function matchesPattern(identity: Identity, pattern: IdentityPattern, exact = false): boolean {
  return FIELDS.every((field) => {
    // In exact matching an unnamed field must be empty (null; for `staff`, absent or false).
    if (!(field in pattern))
      return exact ? (identity[field] ?? null) === null || identity[field] === false : true;
    return fieldMatches(pattern[field], identity[field]);
  });
}

/** The permission gate of spec §6: allow (subset or exact), then exclude, then include re-allows. */
export function gateAllows(identity: Identity, rule: GateRule): boolean {
  const allowed = !rule.allow || rule.allow.some((pattern) => matchesPattern(identity, pattern, rule.exact));
  if (!allowed) return false;
  const excluded = rule.exclude?.some((pattern) => matchesPattern(identity, pattern)) ?? false;
  if (!excluded) return true;
  return rule.include?.some((pattern) => matchesPattern(identity, pattern)) ?? false;
}
