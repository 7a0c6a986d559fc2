/**
 * The breaking-change guard: the OpenAPI document as /api/v1/openapi.json builds it, held to the
 * released snapshot (released-openapi.json, written only by `npm run api:release`). Nothing a client
 * of the released API relies on may break (the rules: compare.ts), every addition since must be named
 * by a changelog entry (api-changelog.ts), and the changelog names only parts the document has.
 */
import { describe, expect, it } from "vitest";
import { API_CHANGELOG } from "../api-changelog";
import { getOpenApiDocument } from "../document";
import { checkRelease, describeReleaseCheck, readReleasedDocument } from "./release-check";

const { document } = getOpenApiDocument();
const check = checkRelease(readReleasedDocument(), document, API_CHANGELOG);

describe("the current OpenAPI document against the released one", () => {
  it("breaks nothing a client of the released API relies on", () => {
    expect(check.breaking, describeReleaseCheck({ ...check, unannounced: [], unknownNames: [] })).toEqual([]);
  });

  it("has a changelog entry naming every addition", () => {
    expect(check.unannounced, describeReleaseCheck({ ...check, breaking: [], unknownNames: [] })).toEqual([]);
  });

  it("is the document every name in the changelog belongs to", () => {
    expect(check.unknownNames).toEqual([]);
  });
});

describe("the changelog", () => {
  it("is dated, newest first", () => {
    const dates = API_CHANGELOG.map((entry) => entry.date);
    for (const date of dates) expect(date).toMatch(/^(after )?\d{4}-\d{2}(-\d{2})?$/);
    // "after D" sorts as D; a month alone as its first day.
    const sortable = dates.map((date) => {
      const day = date.replace(/^after /, "");
      return day.length === 7 ? `${day}-01` : day;
    });
    expect(sortable).toEqual([...sortable].sort().reverse());
  });

  it("says what each entry changed, and names each part once", () => {
    for (const entry of API_CHANGELOG) expect(entry.changes.length, entry.title).toBeGreaterThan(0);
    const names = API_CHANGELOG.flatMap((entry) => entry.added);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

describe("the guard on this API's own document", () => {
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const changed = (change: (copy: Json) => void) => {
    const copy = structuredClone(document) as Json;
    change(copy);
    return checkRelease(readReleasedDocument(), copy, API_CHANGELOG);
  };

  it("fails when a response field is removed", () => {
    const { breaking } = changed((copy) => delete copy.components.schemas.Transaction.properties.token);
    expect(breaking.map((finding) => `${finding.rule} ${finding.name}`)).toEqual(["removed Transaction.token"]);
  });

  it("fails when a request field is made required", () => {
    const { breaking } = changed((copy) =>
      copy.paths["/api/v1/bills/{service}/pay"].post.requestBody.content["application/json"].schema.required.push("amount"),
    );
    expect(breaking.map((finding) => `${finding.rule} ${finding.name}`)).toEqual([
      "newly-required POST /api/v1/bills/{service}/pay body.amount",
    ]);
  });

  it("fails when an addition has no changelog entry", () => {
    const { breaking, unannounced } = changed(
      (copy) => (copy.components.schemas.Transaction.properties.giftMessage = { type: ["string", "null"] }),
    );
    expect(breaking).toEqual([]);
    expect(unannounced.map((finding) => finding.name)).toEqual(["Transaction.giftMessage"]);
  });
});
