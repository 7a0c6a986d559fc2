/** What the Buy forms have in common: a phone number and Continue (an amount is a NairaField). */
import { phone as phoneSchema } from "~/schemas/purchases";
import { buttonClass } from "~/components/ui/buttons";
import { TextField, type FieldReading } from "~/components/ui/fields";

/**
 * A Nigerian mobile number as people type it ("0803 123 4567", "+234 803 123 4567"), in the form the API
 * stores (08031234567): the same schema the API validates with.
 */
export function readPhone(text: string): FieldReading<string> {
  const parsed = phoneSchema.safeParse(text);
  return parsed.success ? { value: parsed.data } : { problem: "Enter a Nigerian mobile number such as 0803 123 4567." };
}

/**
 * The hint under a phone field: once what is typed is a number written another way than it is sent
 * ("+234 803 123 4567"), the number that will be sent, so nobody pays for a number they did not mean.
 */
function phoneHint(value: string, hint: string | undefined): string | undefined {
  const reading = readPhone(value);
  if (reading.value === undefined || reading.value === value.trim()) return hint;
  return [`Will be sent as ${reading.value}.`, hint].filter(Boolean).join(" ");
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
      hint={phoneHint(value, hint)}
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
