/**
 * The avatar's letters: the first letter of the first two words that start with a letter or digit, so
 * "Admin (demo)" reads "A" and "Operador de pagos (demo)" "OD" (never "A(").
 */
export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter((word) => /^[\p{L}\p{N}]/u.test(word))
      .slice(0, 2)
      .map((word) => word[0]!.toLocaleUpperCase())
      .join('') || '?'
  );
}
