"use client";
/**
 * An on/off setting as an accessible switch: the label is its name, the state is read out as on/off.
 * `SwitchButton` is the switch itself, for a control laid out otherwise (the header's Test data switch
 * submits a form); `SwitchControl` is the common case, a labelled setting in a panel.
 */
import type { ButtonHTMLAttributes, ReactNode } from "react";

const TONES = {
  emerald: { on: "bg-emerald-600", ring: "focus-visible:ring-emerald-600" },
  amber: { on: "bg-amber-500", ring: "focus-visible:ring-amber-600" },
} as const;

export function SwitchButton({
  checked,
  tone = "emerald",
  type = "button",
  className,
  ...buttonProps
}: { checked: boolean; tone?: keyof typeof TONES; type?: "button" | "submit" } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "role" | "aria-checked" | "type" | "children"
>) {
  return (
    <button
      {...buttonProps}
      type={type}
      role="switch"
      aria-checked={checked}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${TONES[tone].ring} ${
        checked ? TONES[tone].on : "bg-slate-300"
      } ${className ?? ""}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}

export function SwitchControl({
  id,
  label,
  checked,
  disabled,
  description,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  description?: ReactNode;
  onChange: (next: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="mt-0.5 block text-sm text-slate-600">
            {description}
          </span>
        )}
      </div>
      <SwitchButton
        id={id}
        checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}
