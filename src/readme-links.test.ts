/**
 * The README and the documentation behind it stand on their own in a fresh clone: every link they make
 * to a file is to a file of this repository (the README once linked ../shared/DESIGN.md, which exists
 * only beside the team's checkout), every link to a section names a heading that exists, and every
 * document is reachable from the README. The README stays what a newcomer reads first: short, with the
 * two commands.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The README, CONTRIBUTING.md and every Markdown file under docs/, as paths from the root. */
const DOCUMENTS = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file)),
];

function read(file: string): string {
  return readFileSync(path.join(root, file), "utf8");
}

/** The text outside fenced code blocks, where a `#` or `](` is not Markdown. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[^]*?^```[^\n]*$/gm, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const plain = text!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Every relative link of a document: the file it names (resolved from the root) and its anchor, if any. */
function links(file: string): { target: string; resolved: string; anchor?: string }[] {
  return [...prose(read(file)).matchAll(/\]\(([^)\s]*)\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [filePart, anchor] = target.split("#") as [string, string | undefined];
      const resolved = filePart === "" ? file : path.normalize(path.join(path.dirname(file), filePart));
      return { target, resolved, anchor };
    });
}

describe("the README and the documents it leads to", () => {
  it.each(DOCUMENTS)("%s links only to files inside the repository, and they exist", (file) => {
    const found = links(file);
    if (file === "README.md") expect(found.length).toBeGreaterThan(0);
    for (const { target, resolved } of found) {
      const absolute = path.resolve(root, resolved);
      expect(absolute.startsWith(root + path.sep), `${file}: ${target} points outside the repository`).toBe(true);
      expect(existsSync(absolute), `${file}: ${target} does not exist`).toBe(true);
    }
  });

  it.each(DOCUMENTS)("%s links only to sections that exist", (file) => {
    for (const { target, resolved, anchor } of links(file)) {
      if (!anchor || !resolved.endsWith(".md")) continue;
      expect(anchors(read(resolved)), `${file}: ${target} names no heading of ${resolved}`).toContain(anchor);
    }
  });

  it("reaches every document from the README, by a link or by links between them", () => {
    const reached = new Set(["README.md"]);
    const queue = ["README.md"];
    while (queue.length > 0) {
      for (const { resolved } of links(queue.shift()!)) {
        const file = statSync(path.join(root, resolved)).isDirectory() ? path.join(resolved, "README.md") : resolved;
        if (file.endsWith(".md") && !reached.has(file) && existsSync(path.join(root, file))) {
          reached.add(file);
          queue.push(file);
        }
      }
    }
    expect(DOCUMENTS.filter((file) => !reached.has(file))).toEqual([]);
  });

  it("keeps the README what a newcomer reads first: short, with the two commands", () => {
    const readme = read("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    expect(readme).toContain("npm install && npm run dev");
    expect(readme).toContain("npm test");
  });

  it("lists every decision record in the decisions index, each with its context, decision and consequences", () => {
    const index = read("docs/decisions/README.md");
    const records = readdirSync(path.join(root, "docs/decisions")).filter((file) => /^\d{3}-.+\.md$/.test(file));
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(index, `docs/decisions/README.md does not list ${record}`).toContain(`](${record})`);
      const text = read(path.join("docs/decisions", record));
      for (const heading of ["## Context", "## Decision", "## Consequences"]) expect(text, `${record}: ${heading}`).toContain(heading);
    }
  });
});
