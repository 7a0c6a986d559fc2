"use client";
/**
 * A secret the service shows only once (a new API key, a webhook signing secret): in a dialog with a
 * warning that it cannot be seen again and a Copy button. It lives only in the caller's state, so
 * closing the dialog or reloading the page forgets it for good.
 */
import { useId, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { Modal } from "~/components/ui/dialogs";
import { labelClass } from "~/components/ui/fields";
import { noticeClass } from "~/components/ui/notices";

type CopyState = "idle" | "copied" | "failed";

export function ShowOnceSecretDialog({
  title,
  label,
  secret,
  what,
  warning,
  doneLabel,
  children,
  onClose,
  returnFocusTo,
}: {
  title: string;
  /** The text field's label, naming whose secret it is. */
  label: string;
  secret: string;
  /** What it is in the buttons' and messages' words: "key", "secret". */
  what: string;
  /** The warning box: that this is the only time, and what to do with it. */
  warning: ReactNode;
  doneLabel: string;
  /** More to say below the secret. */
  children?: ReactNode;
  onClose: () => void;
  /** The control that asked for the secret, to focus again when the dialog closes (see Modal). */
  returnFocusTo?: HTMLElement | null;
}) {
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copySecret() {
    try {
      // The Clipboard API needs a secure context (https or localhost); elsewhere fall back to a selection copy.
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(secret);
      else {
        field.current?.select();
        if (!document.execCommand("copy")) throw new Error("copy refused");
      }
      setCopy("copied");
    } catch {
      field.current?.select();
      setCopy("failed");
    }
  }

  return (
    <Modal title={title} onDismiss={onClose} returnFocusTo={returnFocusTo}>
      <div className={noticeClass("warning")}>{warning}</div>
      <label htmlFor={fieldId} className={`mt-4 ${labelClass}`}>
        {label}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        readOnly
        rows={2}
        value={secret}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/30 focus:outline-none"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => void copySecret()} className={buttonClass("secondary")}>
          Copy {what}
        </button>
        <p aria-live="polite" className="text-sm text-slate-600">
          {copy === "copied" && "Copied to the clipboard."}
          {copy === "failed" && `Couldn't copy automatically: the ${what} is selected, copy it with Ctrl+C (⌘C).`}
        </p>
      </div>
      {children && <div className="mt-4 space-y-2 text-sm text-slate-700">{children}</div>}
      <div className="mt-6 flex justify-end">
        <button type="button" onClick={onClose} className={buttonClass("primary")}>
          {doneLabel}
        </button>
      </div>
    </Modal>
  );
}
