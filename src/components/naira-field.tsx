/**
 * The one field for an amount of money a person types: in naira, a decimal keyboard on a phone, no
 * autofill. Read what was typed with money.ts' readNaira, which says what is wrong the same way on
 * every form.
 */
import type { ComponentProps } from "react";
import { TextField } from "~/components/ui/fields";

type NairaFieldProps = Omit<ComponentProps<typeof TextField>, "label" | "type" | "inputMode" | "autoComplete"> & {
  label?: string;
};

export function NairaField({
  label = "Amount (₦)",
  hint = "In naira, e.g. 1500 or 1,500.50",
  placeholder = "0.00",
  ...props
}: NairaFieldProps) {
  return <TextField {...props} label={label} hint={hint} placeholder={placeholder} inputMode="decimal" autoComplete="off" />;
}
