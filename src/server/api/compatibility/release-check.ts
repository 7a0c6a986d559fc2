/**
 * The released OpenAPI document (a committed snapshot, written only by `npm run api:release`) against
 * the current one: what breaks a client of the released API, which additions no changelog entry
 * announces, and which names the changelog uses that the current document does not have. Read by the
 * guard test and by the release command, so both judge the same way.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ChangelogEntry } from "../api-changelog";
import { compareContracts, type Finding } from "./compare";
import { contractNames, readContract } from "./contract";

export const RELEASED_DOCUMENT_PATH = path.join(process.cwd(), "src/server/api/compatibility/released-openapi.json");

export function readReleasedDocument(): object {
  return JSON.parse(readFileSync(RELEASED_DOCUMENT_PATH, "utf8")) as object;
}

export interface ReleaseCheck {
  breaking: Finding[];
  /** Additions since the released document that no changelog entry names. */
  unannounced: Finding[];
  /** Names in the changelog that no part of the current document has (a typo, or a part renamed). */
  unknownNames: string[];
}

export function checkRelease(released: object, current: object, changelog: readonly ChangelogEntry[]): ReleaseCheck {
  const currentContract = readContract(current);
  const findings = compareContracts(readContract(released), currentContract);
  const announced = new Set(changelog.flatMap((entry) => entry.added));
  const names = contractNames(currentContract);
  return {
    breaking: findings.filter((finding) => finding.rule !== "added"),
    unannounced: findings.filter((finding) => finding.rule === "added" && !announced.has(finding.name)),
    unknownNames: [...announced].filter((name) => !names.has(name)),
  };
}

/** The check in words, for the release command and the test's failure message. */
export function describeReleaseCheck({ breaking, unannounced, unknownNames }: ReleaseCheck): string {
  const lines: string[] = [];
  if (breaking.length > 0) {
    lines.push("Breaks clients of the released API (src/server/api/compatibility/compare.ts has the rules):");
    for (const finding of breaking) lines.push(`  [${finding.rule}] ${finding.message}`);
  }
  if (unannounced.length > 0) {
    lines.push("Additions no changelog entry names (add them to an entry's `added` in src/server/api/api-changelog.ts):");
    for (const finding of unannounced) lines.push(`  "${finding.name}",`);
  }
  if (unknownNames.length > 0) {
    lines.push("Changelog names that are not parts of the current document (src/server/api/compatibility/contract.ts names them):");
    for (const name of unknownNames) lines.push(`  "${name}"`);
  }
  return lines.join("\n");
}
