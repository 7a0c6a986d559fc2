/**
 * package.json's `engines.node` is the promise the README makes ("Node.js 20.19 or later"): every
 * installed package must run on the oldest Node it admits, or npm warns EBADENGINE on a machine we
 * claim to support (p-retry 9 needed Node 22 while we said 20.9). Optional native builds for other
 * platforms are never installed here, so only what npm really installs for this project is checked.
 */
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = new URL("../", import.meta.url);
const ourRange: string = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).engines.node;

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}
const locked: Record<string, LockedPackage> = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")).packages;

describe("engines.node", () => {
  it("is a range with a minimum", () => {
    expect(semver.minVersion(ourRange)).not.toBeNull();
  });

  it("is admitted by every package the lock file installs", () => {
    const oldest = semver.minVersion(ourRange)!.version;
    const refusing = Object.entries(locked)
      .filter(([path, entry]) => path !== "" && !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(
        ([path, entry]) => `${path.replace(/^node_modules\//, "")}@${entry.version} needs node ${(entry.engines as { node: string }).node}`,
      );
    expect(refusing, `package.json admits Node ${oldest}`).toEqual([]);
  });
});
