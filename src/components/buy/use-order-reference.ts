"use client";
import { useCallback, useRef } from "react";
import { newClientReference } from "./client-reference";

/**
 * One clientReference per order attempt. The reference is made when the confirm step is first shown
 * for an order and kept while that same order is resubmitted: going back from the confirm step and
 * confirming the unchanged order again (after a lost answer, say) reuses it, so the server answers
 * with the original purchase instead of buying twice. Changing the order, or reaching a result,
 * ends the attempt; the next order gets a new reference.
 */
export function useOrderReference() {
  const attempt = useRef<{ orderKey: string; clientReference: string } | null>(null);

  const referenceFor = useCallback((orderKey: string): string => {
    if (attempt.current?.orderKey !== orderKey) attempt.current = { orderKey, clientReference: newClientReference() };
    return attempt.current.clientReference;
  }, []);

  const endAttempt = useCallback(() => {
    attempt.current = null;
  }, []);

  return { referenceFor, endAttempt };
}
