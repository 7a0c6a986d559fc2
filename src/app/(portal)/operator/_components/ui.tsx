/**
 * Small building blocks shared by the console's pages: a titled panel, a labelled field with its
 * error, buttons, and the alert and notice boxes. Tailwind only.
 */
import type { ReactNode } from "react";

export function Panel({ id, title, description, actions, children }: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {children}
    </p>
  );
}

export function Loading({ children = "Loading…" }: { children?: ReactNode }) {
  return (
    <p role="status" className="text-sm text-slate-500">
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">{children}</p>;
}

const INPUT =
  "mt-1 block w-full rounded-md border px-3 py-2 text-base shadow-sm focus:outline-none focus:ring-2 sm:text-sm " +
  "disabled:bg-slate-100 disabled:text-slate-500";

export function inputClass(invalid: boolean): string {
  return `${INPUT} ${invalid ? "border-red-400 focus:border-red-600 focus:ring-red-600/30" : "border-slate-300 focus:border-emerald-600 focus:ring-emerald-600/30"}`;
}

/** A label, its control (rendered by the caller with the given props) and, when there is one, its error. */
export function Field({ id, label, hint, error, children }: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined; className: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy, className: inputClass(Boolean(error)) })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const BUTTON_BASE =
  "inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold shadow-sm focus:outline-none " +
  "focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

const BUTTON_TONES = {
  primary: "bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:ring-emerald-600",
  secondary: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-emerald-600",
  danger: "bg-red-700 text-white hover:bg-red-800 focus-visible:ring-red-600",
  dangerOutline: "border border-red-300 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-600",
} as const;

export function buttonClass(tone: keyof typeof BUTTON_TONES = "primary"): string {
  return `${BUTTON_BASE} ${BUTTON_TONES[tone]}`;
}
