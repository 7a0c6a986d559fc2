"use client";
/**
 * Modal dialogs on the browser's own <dialog>: showModal gives the focus trap, the inert page behind
 * it, the backdrop and Escape. Rendered only while open, so a dialog's text never doubles the page's;
 * focus goes back to where it was when it closes.
 */
import { useCallback, useEffect, useId, useRef, type ReactNode } from "react";
import { describeError } from "~/components/describe-error";
import { buttonClass } from "./buttons";
import { ErrorAlert } from "./notices";

export function Modal({
  title,
  onDismiss,
  returnFocusTo,
  children,
}: {
  title: string;
  /** Escape calls this; null while closing would lose work in flight (a change on its way). */
  onDismiss: (() => void) | null;
  /**
   * Where focus goes when it closes, when that is not where it was when it opened: a dialog opened by a
   * form's answer finds the focus on <body>, because the browser drops it from the submit button while
   * the button is disabled for the request.
   */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
}) {
  const titleId = useId();
  const returnFocus = useRef(returnFocusTo);
  useEffect(() => {
    returnFocus.current = returnFocusTo;
  }, [returnFocusTo]);
  // Stable, so a re-render does not close and reopen the dialog (React re-runs a changed ref callback).
  const open = useCallback((node: HTMLDialogElement | null) => {
    if (!node) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) node.showModal();
    return () => {
      node.close();
      (returnFocus.current ?? previous)?.focus();
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
      // Only if it is still closed: the close event is queued, and React's development Strict Mode
      // detaches and reattaches the ref at once (close, then showModal again), so the event of that
      // close arrives at a dialog that is open again and must not dismiss it.
      onClose={(event) => {
        if (!event.currentTarget.open) onDismiss?.();
      }}
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

/**
 * A dialog's buttons, the same in every dialog: Cancel first, so it has the focus when the dialog opens
 * (on a phone it is shown below the others), `children` (another action) and the main action last;
 * none works while the change is on its way. The main action submits the dialog's form unless
 * `onAction` is given.
 */
export function DialogFooter({
  pending,
  onCancel,
  actionLabel,
  pendingLabel,
  tone = "primary",
  onAction,
  children,
}: {
  pending: boolean;
  onCancel: () => void;
  actionLabel: string;
  pendingLabel: string;
  tone?: "primary" | "danger";
  onAction?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} disabled={pending} className={buttonClass("secondary")}>
        Cancel
      </button>
      {children}
      <button type={onAction ? "button" : "submit"} onClick={onAction} disabled={pending} aria-busy={pending} className={buttonClass(tone)}>
        {pending ? pendingLabel : actionLabel}
      </button>
    </div>
  );
}

/**
 * "Are you sure?" before a change that is hard to take back (funding, revoking, disabling): says what
 * will change, and why it failed if it did; Escape does nothing while the change is on its way.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  tone = "primary",
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  tone?: "primary" | "danger";
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onDismiss={pending ? null : onCancel}>
      <div className="space-y-3 text-sm text-slate-700">{children}</div>
      {error && <ErrorAlert className="mt-4">{error}</ErrorAlert>}
      <div className="mt-4">
        <DialogFooter
          pending={pending}
          onCancel={onCancel}
          actionLabel={confirmLabel}
          pendingLabel={pendingLabel}
          tone={tone}
          onAction={onConfirm}
        />
      </div>
    </Modal>
  );
}

/**
 * ConfirmDialog's pending, error and cancel when a TanStack mutation makes the change: its failure in
 * plain words (describeError), and cancelling forgets that failure before `close` closes the dialog.
 */
export function mutationConfirmProps(
  mutation: { isPending: boolean; error: unknown; reset: () => void },
  close: () => void,
): { pending: boolean; error: string | null; onCancel: () => void } {
  return {
    pending: mutation.isPending,
    error: mutation.error ? describeError(mutation.error) : null,
    onCancel: () => {
      mutation.reset();
      close();
    },
  };
}
