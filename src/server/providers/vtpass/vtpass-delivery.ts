/**
 * What a delivered VTpass order handed over (docs/integrating.md "What was delivered"), read from the answer of
 * /api/pay or /api/requery in the layouts their documentation gives per product:
 *
 * - cards: `cards: [{ "Serial", "Pin" }]`, one per `quantity` (WAEC result checker,
 *   https://www.vtpass.com/documentation/waec-result-checker-api/);
 * - tokens: `tokens: ["…"]` (WAEC registration, https://www.vtpass.com/documentation/waec-registraton-api/);
 * - only `purchased_code`: "Serial No:X, pin: Y" per card (WAEC, Spectranet and other PIN vouchers),
 *   "Pin : X" (JAMB, which also sends `Pin`), "Token: X" (registration);
 * - electricity: `token`/`mainToken`/`Token` or `purchased_code` "Token : X", Eko's "Token : X Bonus
 *   Token : Y" with `mainToken`/`bonusToken`, and the units as `units` ("79.9 kWh"), `mainTokenUnits`
 *   (a number), `Units` or `PurchasedUnits`.
 *
 * Only labelled values are taken out of `purchased_code`, never the text around them, and every value is
 * bounded (200 characters, 100 cards) like any foreign text we store.
 */
import type { ServiceCode } from "~/schemas/services";
import type { Delivered, DeliveredPin } from "../vend-provider";

const MAX_TEXT = 200;
const MAX_PINS = 100;
/** `purchased_code` lists every card: read this much of it (100 cards of "Serial No:…, pin: …" fit). */
const MAX_PURCHASED_CODE = 20_000;
/** Values VTpass fills in when a field does not apply. */
const NOT_APPLICABLE = /^(n\/?a|null|none|-+)$/i;

/** A string or number field as bounded text; null when absent or empty. */
export function stringField(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, MAX_TEXT) : null;
}

/** A delivered value: as stringField, and null for the fillers VTpass sends where a field does not apply ("N/A"). */
function deliveredText(value: unknown): string | null {
  const text = stringField(value);
  return text === null || NOT_APPLICABLE.test(text) ? null : text;
}

/** The product fields of a delivered order; all null for products credited directly (data, airtime, cable TV). */
export function deliveredOf(body: Record<string, unknown>, service: ServiceCode): Required<Delivered> {
  if (service === "ELECTRICITY") return electricityOf(body);
  if (service === "EDUCATION" || service === "BROADBAND") {
    const pins = pinsOf(body);
    return { token: pins?.[0]?.pin ?? null, pins, units: null, bonusToken: null };
  }
  return { token: null, pins: null, units: null, bonusToken: null };
}

function electricityOf(body: Record<string, unknown>): Required<Delivered> {
  const purchased = purchasedCodeOf(body);
  const labelled = (label: RegExp) => label.exec(purchased)?.[1]?.trim() ?? null;
  // "Token : 4261 1234 …" and "Token : X Bonus Token : Y": the digits (and their grouping) after each label.
  const token =
    unlabelled(body.mainToken) ??
    unlabelled(body.token) ??
    unlabelled(body.Token) ??
    labelled(/(?:^|[^a-z])(?<!bonus\s)token\s*:\s*(\d[\d\s-]*\d)/i);
  const bonusToken = unlabelled(body.bonusToken) ?? labelled(/bonus\s*token\s*:\s*(\d[\d\s-]*\d)/i);
  const units = unitsOf(body.units) ?? unitsOf(body.mainTokenUnits) ?? unitsOf(body.Units) ?? unitsOf(body.PurchasedUnits);
  return { token, pins: null, units, bonusToken };
}

function purchasedCodeOf(body: Record<string, unknown>): string {
  return typeof body.purchased_code === "string" ? body.purchased_code.slice(0, MAX_PURCHASED_CODE) : "";
}

/** "Token : 2645 7826 …" → "2645 7826 …": a field that repeats its own label. Clubkonnect's metertoken too. */
export function unlabelled(value: unknown): string | null {
  const text = deliveredText(value);
  return text ? deliveredText(text.replace(/^\s*(token|pin)\s*:\s*/i, "")) : null;
}

/** Units as a person reads them: a bare number is kWh (VTpass's mainTokenUnits); "79.9 kWh" stays. */
function unitsOf(value: unknown): string | null {
  const text = deliveredText(value);
  if (!text) return null;
  return /^\d+(\.\d+)?$/.test(text) ? `${text} kWh` : text.slice(0, 100);
}

function pinsOf(body: Record<string, unknown>): DeliveredPin[] | null {
  const found = cardsOf(body.cards) ?? tokensOf(body.tokens) ?? pinsInPurchasedCode(purchasedCodeOf(body)) ?? singlePin(body);
  return found && found.length > 0 ? found.slice(0, MAX_PINS) : null;
}

function cardsOf(value: unknown): DeliveredPin[] | null {
  if (!Array.isArray(value)) return null;
  const pins: DeliveredPin[] = [];
  for (const card of value) {
    if (typeof card !== "object" || card === null) continue;
    const fields = card as Record<string, unknown>;
    const pin = unlabelled(fields.Pin ?? fields.pin ?? fields.PIN);
    if (pin) pins.push({ serial: deliveredText(fields.Serial ?? fields.serial ?? fields.SerialNumber ?? fields.serial_number), pin });
  }
  return pins.length > 0 ? pins : null;
}

function tokensOf(value: unknown): DeliveredPin[] | null {
  if (!Array.isArray(value)) return null;
  const pins = value.map(unlabelled).filter((pin): pin is string => pin !== null);
  return pins.length > 0 ? pins.map((pin) => ({ serial: null, pin })) : null;
}

/**
 * "Serial No:WRN123, pin: 0987…" once per card, in whatever list VTpass joins them; else "Pin : X" or
 * "Token: X, Y". Clubkonnect's carddetails read the same.
 */
export function pinsInPurchasedCode(purchased: string): DeliveredPin[] | null {
  const cards = [...purchased.matchAll(/serial\s*(?:no|number)?\.?\s*:\s*([A-Za-z0-9-]+)\s*[,;]?\s*pin\s*:\s*([A-Za-z0-9-]+)/gi)].map(
    (match) => ({ serial: match[1]!.slice(0, MAX_TEXT), pin: match[2]!.slice(0, MAX_TEXT) }),
  );
  if (cards.length > 0) return cards;
  const listed = /(?:pin|token)s?\s*:\s*([A-Za-z0-9-]+(?:\s*,\s*[A-Za-z0-9-]+)*)/i.exec(purchased)?.[1];
  const pins = (listed?.split(/\s*,\s*/) ?? []).filter(looksLikePin).map((pin) => ({ serial: null, pin: pin.slice(0, MAX_TEXT) }));
  return pins.length > 0 ? pins : null;
}

/** A PIN has digits and some length: "Token: N/A" or "Pin: -" hands over nothing. */
function looksLikePin(value: string): boolean {
  return value.length >= 4 && /\d/.test(value);
}

function singlePin(body: Record<string, unknown>): DeliveredPin[] | null {
  const pin = unlabelled(body.Pin ?? body.pin);
  return pin ? [{ serial: null, pin }] : null;
}
