/**
 * A choice among radio cards (a network, a plan): the group under its legend with its problem below,
 * tied to it for screen readers, and each card's radio button, checked while it is the value.
 */
import type { ReactNode } from "react";
import { classNames } from "~/components/ui/class-names";
import { FieldError } from "~/components/ui/fields";

/** `name` is the radios' name and names the problem's id (`${name}-error`). */
export function ChoiceFieldset({
  name,
  legend,
  error,
  children,
}: {
  name: string;
  legend: string;
  error?: string | null;
  children: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {children}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

/** `className` adds to the radio's own classes (a top margin, say). */
export function ChoiceRadio({
  name,
  value,
  chosen,
  onChoose,
  className,
}: {
  name: string;
  value: string;
  /** The group's value: this radio is checked when it is `value`. */
  chosen: string | null;
  onChoose: () => void;
  className?: string;
}) {
  return (
    <input
      type="radio"
      name={name}
      value={value}
      checked={chosen === value}
      onChange={onChoose}
      className={classNames("h-4 w-4 shrink-0 accent-emerald-700", className)}
    />
  );
}
