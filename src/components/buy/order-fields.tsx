/** What the Buy forms have in common: a phone number, an amount in naira within bounds, and Continue. */
import { formatNaira, parseNairaToKobo } from "~/components/money";
import { phone as phoneSchema } from "~/schemas/purchases";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";

/** What a field's text reads as: its value, or the problem to show next to the field. */
export type FieldReading<Value> = { value: Value; problem?: undefined } | { value?: undefined; problem: string };

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

/**
 * An amount typed in naira, as kobo. `example` is a plausible amount in naira for the message;
 * `bounds` (kobo) are checked when known.
 */
export function readAmount(text: string, bounds: { min: bigint; max: bigint } | null, example: string): FieldReading<number> {
  const kobo = parseNairaToKobo(text);
  if (kobo === null || kobo <= 0) return { problem: `Enter an amount in naira, such as ${example}.` };
  if (bounds && (BigInt(kobo) < bounds.min || BigInt(kobo) > bounds.max)) {
    return { problem: `The amount must be between ${formatNaira(bounds.min)} and ${formatNaira(bounds.max)}.` };
  }
  return { value: kobo };
}

export function AmountField({
  id,
  value,
  onChange,
  placeholder,
  hint,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  hint: string;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      label="Amount (₦)"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
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
