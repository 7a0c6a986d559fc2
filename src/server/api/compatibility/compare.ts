/**
 * Compares the contract of a released OpenAPI document with the current one (contract.ts) and says
 * what would break a client written against the released one, and what was added.
 *
 * Breaking (the rules; compare.test.ts has a failing case for each):
 * - `removed`: a part the released document has is gone: an operation or webhook event (a path
 *   renamed is one removed and one added), a parameter, a request body, a response status, header or
 *   media type, a field (request or response), an enum value, a union member.
 * - `operation-renamed`: an operation's operationId changed (generated clients name methods by it).
 * - `newly-required` (what the client sends): a parameter, body or field it could leave out is now
 *   required, or a new required one appeared.
 * - `made-optional` (what the client receives): a field or header that was always there may be absent.
 * - `made-nullable` (what the client receives): a value may now be null.
 * - `type-widened` (what the client receives): a value may now be of a type it could not be (string
 *   where it was an integer, any value where it was one of an enum, a union where it was one shape).
 * - `type-narrowed` (what the client sends): a value that was accepted may now be refused (a type or
 *   null no longer accepted, an enum where any value went, a bound tightened, a pattern or format
 *   added or changed).
 *
 * Additions (`added`): a new operation, webhook event, optional parameter or request body, response
 * status, header or media type, field, enum value or union member. Inside a new part nothing more is
 * reported: a new operation is one addition, not one per field. Each must be named by a changelog
 * entry (api-changelog.ts), by the part's name (contract.ts).
 */
import { anySchemaPart, EXACT_LIMITS, LOWER_BOUNDS, UPPER_BOUNDS, type ContractPart, type SchemaFacts } from "./contract";

export type BreakingRule =
  "removed" | "operation-renamed" | "newly-required" | "made-optional" | "made-nullable" | "type-widened" | "type-narrowed";

export interface Finding {
  rule: BreakingRule | "added";
  /** The part's name (contract.ts): what a changelog entry lists for an addition. */
  name: string;
  message: string;
}

const KIND_WORDS: Record<ContractPart["kind"], string> = {
  api: "API",
  operation: "operation",
  webhook: "webhook event",
  parameter: "parameter",
  "request-body": "request body",
  status: "response status",
  "media-type": "media type",
  header: "response header",
  field: "field",
  items: "array items",
  values: "map values",
  "enum-value": "enum value",
  member: "union member",
};

/** What a client may leave out of a request (or must send). */
const CAN_BE_REQUIRED = new Set<ContractPart["kind"]>(["parameter", "request-body", "field"]);

/** Which way the part's values travel, for the message: " (sent by clients)" or " (received by clients)". */
function where(part: ContractPart): string {
  if (part.kind === "operation" || part.kind === "webhook" || part.kind === "status") return "";
  return part.direction === "request" ? " (sent by clients)" : " (received by clients)";
}

/** `integer` values are `number` values too. */
function covers(types: ReadonlySet<string> | null, type: string): boolean {
  return types === null || types.has(type) || (type === "integer" && types.has("number"));
}

function typeList(types: ReadonlySet<string> | null): string {
  return types === null ? "any type" : [...types].join(" | ") || "nothing";
}

function compareSchemas(
  before: SchemaFacts,
  after: SchemaFacts,
  part: ContractPart,
  report: (rule: BreakingRule, message: string) => void,
) {
  if (part.direction === "response") {
    const widened = after.types === null ? before.types !== null : [...after.types].some((type) => !covers(before.types, type));
    if (widened) report("type-widened", `may now be ${typeList(after.types)} (was ${typeList(before.types)})`);
    if (after.nullable && !before.nullable) report("made-nullable", "may now be null");
    if (before.enumerated && !after.enumerated) report("type-widened", "is no longer limited to its listed values");
    if (after.union && !before.union) report("type-widened", "may now be one of several shapes");
    return;
  }
  const narrowed = after.types !== null && (before.types === null ? true : [...before.types].some((type) => !covers(after.types, type)));
  if (narrowed) report("type-narrowed", `now accepts only ${typeList(after.types)} (accepted ${typeList(before.types)})`);
  if (before.nullable && !after.nullable) report("type-narrowed", "no longer accepts null");
  if (after.enumerated && !before.enumerated) report("type-narrowed", "is now limited to listed values");
  if (before.union && !after.union) report("type-narrowed", "no longer accepts several shapes");
  const was = before.limits;
  const now = after.limits;
  for (const bound of LOWER_BOUNDS) {
    if (now[bound] !== undefined && (was[bound] === undefined || Number(now[bound]) > Number(was[bound])))
      report("type-narrowed", `${bound} is now ${String(now[bound])} (was ${String(was[bound] ?? "none")})`);
  }
  for (const bound of UPPER_BOUNDS) {
    if (now[bound] !== undefined && (was[bound] === undefined || Number(now[bound]) < Number(was[bound])))
      report("type-narrowed", `${bound} is now ${String(now[bound])} (was ${String(was[bound] ?? "none")})`);
  }
  for (const limit of EXACT_LIMITS) {
    if (now[limit] !== undefined && now[limit] !== was[limit])
      report("type-narrowed", `${limit} is now ${JSON.stringify(now[limit])} (was ${JSON.stringify(was[limit] ?? "none")})`);
  }
}

function compareParts(before: ContractPart, after: ContractPart, findings: Map<string, Finding>) {
  const label = `${KIND_WORDS[after.kind]} ${after.name}`;
  const report = (rule: BreakingRule | "added", name: string, message: string) => {
    const key = `${rule} ${name} ${message}`;
    if (!findings.has(key)) findings.set(key, { rule, name, message });
  };

  if (before.operationId !== after.operationId)
    report(
      "operation-renamed",
      after.name,
      `${label}: operationId ${before.operationId ?? "(none)"} is now ${after.operationId ?? "(none)"}`,
    );
  if (after.direction === "request" && CAN_BE_REQUIRED.has(after.kind) && after.required && !before.required)
    report("newly-required", after.name, `${label}${where(after)} is now required`);
  if (after.direction === "response" && before.required && !after.required)
    report("made-optional", after.name, `${label}${where(after)} may now be absent`);
  if (before.schema && after.schema)
    compareSchemas(before.schema, after.schema, after, (rule, message) => report(rule, after.name, `${label}${where(after)} ${message}`));

  // Values are compared one by one only while both sides list them; an enum added or dropped is a
  // change of the value's type, judged above.
  const compareValues = before.schema?.enumerated === true && after.schema?.enumerated === true;
  for (const [key, old] of before.children) {
    if (old.kind === "enum-value" && !compareValues) continue;
    const current = after.children.get(key);
    if (current) compareParts(old, current, findings);
    // Leaving out `items` or `additionalProperties` lets any value through; it is not a removal.
    else if (old.kind === "items" || old.kind === "values") compareParts(old, anySchemaPart(old.kind, old.name, old.direction), findings);
    else report("removed", old.name, `${KIND_WORDS[old.kind]} ${old.name}${where(old)} was removed`);
  }
  for (const [key, added] of after.children) {
    if (before.children.has(key) || (added.kind === "enum-value" && !compareValues)) continue;
    if (added.kind === "items" || added.kind === "values") {
      compareParts(anySchemaPart(added.kind, added.name, added.direction), added, findings);
    } else if (added.direction === "request" && added.required && CAN_BE_REQUIRED.has(added.kind)) {
      report("newly-required", added.name, `${KIND_WORDS[added.kind]} ${added.name}${where(added)} was added as required`);
    } else {
      report("added", added.name, `${KIND_WORDS[added.kind]} ${added.name} was added`);
    }
  }
}

/** Every breaking change and every addition from `released` to `current`, breaking ones first. */
export function compareContracts(released: ContractPart, current: ContractPart): Finding[] {
  const findings = new Map<string, Finding>();
  compareParts(released, current, findings);
  const all = [...findings.values()];
  // One addition per name: a component used by several operations is reported once.
  const additions = new Map(all.filter((finding) => finding.rule === "added").map((finding) => [finding.name, finding]));
  return [...all.filter((finding) => finding.rule !== "added"), ...additions.values()];
}
