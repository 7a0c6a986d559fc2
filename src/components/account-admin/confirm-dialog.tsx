"use client";
/** "Are you sure?" for changes that lock someone out: names what will change, shows why it failed. */
import type { ReactNode } from "react";
import { Modal } from "./modal";
import { alertBox, dangerButton, primaryButton, secondaryButton } from "./styles";

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  destructive = false,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal title={title} onDismiss={pending ? null : onCancel}>
      <div className="space-y-3 text-sm text-slate-700">{children}</div>
      {error && (
        <p role="alert" className={`mt-4 ${alertBox}`}>
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={pending} className={secondaryButton}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm} disabled={pending} className={destructive ? dangerButton : primaryButton}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
