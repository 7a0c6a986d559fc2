/**
 * The README stands on its own in a fresh clone: every link it makes to a file is to a file of this
 * repository (it once linked ../shared/DESIGN.md, which exists only beside the team's checkout).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

it("links only to files inside the repository, and they exist", () => {
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  const targets = [...readme.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/i.test(target));
  expect(targets.length).toBeGreaterThan(0);
  for (const target of targets) {
    const resolved = path.resolve(root, target);
    expect(resolved.startsWith(root + path.sep), `${target} points outside the repository`).toBe(true);
    expect(existsSync(resolved), `${target} does not exist`).toBe(true);
  }
});
