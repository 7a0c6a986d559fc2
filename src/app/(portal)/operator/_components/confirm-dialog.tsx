"use client";
/**
 * A modal confirmation for a change that is hard to take back (funding, revoking, removing). The
 * native <dialog> gives focus trapping, Escape and the backdrop; Cancel comes first so that it is what
 * has focus when the dialog opens. Rendered only while open, so its text never doubles the page's.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { buttonClass, ErrorAlert } from "./ui";

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  tone = "primary",
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | null;
  tone?: "primary" | "danger";
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: close through React state, and never while the change is on its way.
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-2 text-sm text-slate-700">{children}</div>
      {error && (
        <div className="mt-4">
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className={buttonClass(tone)} onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
