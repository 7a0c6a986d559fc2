/**
 * Boxed messages: an error (role="alert", read out at once) and the other notices (role="status",
 * read out when the reader is idle). `noticeClass` is the same box for markup that needs its own
 * element (a retry button inside, a spinner).
 */
import type { ReactNode } from "react";
import { classNames } from "./class-names";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
} as const;

export type NoticeTone = keyof typeof TONES;

export function noticeClass(tone: NoticeTone): string {
  return `rounded-md border px-3 py-2 text-sm ${TONES[tone]}`;
}

export function ErrorAlert({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <div id={id} role="alert" className={classNames(noticeClass("error"), className)}>
      {children}
    </div>
  );
}

export function Notice({ tone = "success", className, children }: { tone?: NoticeTone; className?: string; children: ReactNode }) {
  return (
    <div role="status" className={classNames(noticeClass(tone), className)}>
      {children}
    </div>
  );
}
