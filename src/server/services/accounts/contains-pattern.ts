/**
 * A LIKE/ILIKE pattern that matches the text anywhere, with LIKE's own wildcards (% and _) and its
 * escape character taken literally: searching for "100%" finds "100%", not every name with "100".
 * Prisma's `contains` does not escape them, so the searches that need this use raw SQL.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
