"use client";
import { useCallback, useRef, useState } from "react";
import { newClientReference } from "./client-reference";

/** What Checkout needs of the attempt: its reference; Back keeps the attempt, an answer ends it. */
export interface CheckoutSteps {
  clientReference: string;
  onBack: () => void;
  onSettled: () => void;
}

type AttemptStep<Order> =
  { order: null; checkoutSteps: null } | { order: Order & { clientReference: string }; checkoutSteps: CheckoutSteps };

/**
 * A Buy form's order from its confirm step to its result, with one clientReference per order attempt.
 * The reference is made when the confirm step is first shown for an order and kept while that same
 * order is resubmitted: going back from the confirm step and confirming the unchanged order again
 * (after a lost answer, say) reuses it, so the server answers with the original purchase instead of
 * buying twice. Changing the order, or reaching a result, ends the attempt; the next order gets a new
 * reference.
 */
export function useOrderAttempt<Order extends object>(): AttemptStep<Order> & {
  review: (orderKey: string, details: Order) => void;
  startOver: () => void;
} {
  const attempt = useRef<{ orderKey: string; clientReference: string } | null>(null);
  const [order, setOrder] = useState<(Order & { clientReference: string }) | null>(null);

  /** Shows the confirm step for `details`; `orderKey` is what makes two orders the same order. */
  const review = useCallback((orderKey: string, details: Order) => {
    if (attempt.current?.orderKey !== orderKey) attempt.current = { orderKey, clientReference: newClientReference() };
    setOrder({ ...details, clientReference: attempt.current.clientReference });
  }, []);

  const endAttempt = useCallback(() => {
    attempt.current = null;
  }, []);

  /** After a result: back to the form for a new order, which will be a new attempt. */
  const startOver = useCallback(() => {
    attempt.current = null;
    setOrder(null);
  }, []);

  const step: AttemptStep<Order> = order
    ? { order, checkoutSteps: { clientReference: order.clientReference, onBack: () => setOrder(null), onSettled: endAttempt } }
    : { order: null, checkoutSteps: null };
  return { ...step, review, startOver };
}
