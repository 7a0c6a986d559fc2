"use client";
/**
 * A modal dialog on the browser's own <dialog> (showModal gives the focus trap, the inert page behind
 * it and Escape for free). Rendered only while open; focus goes back to where it was on closing.
 */
import { useCallback, useId, type ReactNode } from "react";

export function Modal({
  title,
  onDismiss,
  children,
}: {
  title: string;
  /** Escape and the backdrop call this; null while dismissing would lose work in flight. */
  onDismiss: (() => void) | null;
  children: ReactNode;
}) {
  const titleId = useId();
  // Stable, so a re-render does not close and reopen the dialog (React re-runs a changed ref callback).
  const open = useCallback((node: HTMLDialogElement | null) => {
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    return () => {
      node.close();
      previous?.focus();
    };
  }, []);

  return (
    <dialog
      ref={open}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: we decide whether and how to close, so React state and the dialog never disagree.
        event.preventDefault();
        onDismiss?.();
      }}
      // The browser may still close it (a second Escape without a user gesture in between): follow it.
      onClose={() => onDismiss?.()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight break-words">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </div>
    </dialog>
  );
}
