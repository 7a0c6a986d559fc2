/**
 * The SDK's committed types (sdk/src/generated/openapi.ts) are what the current OpenAPI document
 * generates, so the SDK never types a field the API does not send or misses one it does.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "./document";
import { documentedErrorNames, generateSdkTypes, SDK_TYPES_PATH } from "./sdk-types";

describe("the SDK's generated types", () => {
  it("are what the current document generates (npm run api:release writes them)", async () => {
    const expected = (await generateSdkTypes(getOpenApiDocument().document)).split("\n");
    const committed = readFileSync(SDK_TYPES_PATH, "utf8").split("\n");
    const line = committed.findIndex((text, index) => text !== expected[index]);
    const where = line === -1 ? "" : `line ${line + 1}: ${JSON.stringify(committed[line])}, generated ${JSON.stringify(expected[line])}`;
    expect(
      line === -1 && committed.length === expected.length,
      `sdk/src/generated/openapi.ts is stale (${where}): npm run api:release`,
    ).toBe(true);
  });

  it("type ApiError.name with the error names of the document's operations, not the 400s' field paths", () => {
    const names = documentedErrorNames(getOpenApiDocument().document);
    expect(names).toEqual(
      expect.arrayContaining(["generalErrors", "wallet.insufficient_funds", "ip.not_allowed", "transaction.idempotency_conflict"]),
    );
    expect(names).not.toContain("phone");
    expect(names).not.toContain("clientReference");
  });
});
