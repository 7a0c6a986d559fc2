/** Joins Tailwind class lists, leaving out the ones a condition turned off. */
export function classNames(...lists: (string | false | null | undefined)[]): string {
  return lists.filter(Boolean).join(" ");
}
