/**
 * The transaction list's query settings, shared by the server's prefetch and the client's query so
 * their keys and paging agree (kept out of the "use client" module so the server can import values).
 */
export const TRANSACTIONS_PAGE_SIZE = 25;

export function nextCursorOf(page: { nextCursor: string | null }): string | undefined {
  return page.nextCursor ?? undefined;
}
