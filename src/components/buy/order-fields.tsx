/** What the Buy forms have in common: a phone number and Continue (an amount is a NairaField). */
import { phone as phoneSchema } from "~/schemas/purchases";
import { buttonClass } from "~/components/ui/buttons";
import { TextField, type FieldReading } from "~/components/ui/fields";

/** A Nigerian mobile number, in the form the API takes (08031234567). */
export function readPhone(text: string): FieldReading<string> {
  const parsed = phoneSchema.safeParse(text);
  return parsed.success ? { value: parsed.data } : { problem: "Enter a Nigerian mobile number such as 08031234567." };
}

export function PhoneField({
  id,
  value,
  onChange,
  error,
  label = "Phone number",
  hint,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
  hint?: string;
}) {
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="08031234567"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

export function ContinueButton() {
  return (
    <button type="submit" className={`${buttonClass("primary")} w-full sm:w-auto`}>
      Continue
    </button>
  );
}
