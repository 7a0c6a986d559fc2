/**
 * What a successful purchase handed over (docs/integrating.md "What was delivered"), as the lines the portal shows on
 * the purchase result and on the transaction page: electricity's token, bonus token and units; every
 * card's serial and PIN. Each but the units is copied on its own, exactly as stored; digits are shown in
 * groups of four, as they are read out and typed into a meter.
 */

export interface DeliveredFields {
  token: string | null;
  pins: readonly { serial: string | null; pin: string }[] | null;
  units: string | null;
  bonusToken: string | null;
}

export interface DeliveredItem {
  kind: "token" | "bonus-token" | "units" | "serial" | "pin";
  /** "Token", "PIN 2", … */
  label: string;
  value: string;
  display: string;
  /** What the copy button copies ("PIN 2"); null for what is read, not typed (the units). */
  copyWhat: string | null;
}

/** Digits in groups of four ("4261 1234 …"); anything else as it is. */
export function groupDigits(value: string): string {
  return /^\d+$/.test(value) ? value.replace(/(\d{4})(?=\d)/g, "$1 ") : value;
}

/** A label as a word inside a sentence: "Token" → "token"; an abbreviation ("PIN") stays as it is. */
function inSentence(label: string): string {
  return /^[A-Z]+(?: \d+)?$/.test(label) ? label : label.toLowerCase();
}

function item(kind: DeliveredItem["kind"], label: string, value: string, copied = true): DeliveredItem {
  return { kind, label, value, display: groupDigits(value), copyWhat: copied ? inSentence(label) : null };
}

/**
 * @param tokenLabel what a lone token is called for the product ("Token", "PIN"): used when the provider
 *   gave a token but no cards.
 */
export function deliveredItems(delivered: DeliveredFields, tokenLabel: string): DeliveredItem[] {
  const pins = delivered.pins ?? [];
  if (pins.length > 0) {
    const numbered = (label: string, index: number) => (pins.length > 1 ? `${label} ${index + 1}` : label);
    return pins.flatMap((card, index) => [
      ...(card.serial ? [item("serial", numbered("Serial", index), card.serial)] : []),
      item("pin", numbered("PIN", index), card.pin),
    ]);
  }
  return [
    ...(delivered.token ? [item("token", tokenLabel, delivered.token)] : []),
    ...(delivered.bonusToken ? [item("bonus-token", "Bonus token", delivered.bonusToken)] : []),
    ...(delivered.units ? [item("units", "Units", delivered.units, false)] : []),
  ];
}
