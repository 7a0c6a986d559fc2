import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { isAppError } from "~/server/errors";
import { accountWhere, actingAccountId, OPERATORS_DO_NOT_BUY } from "./account-scope";

const OWN = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

const owner: Actor = { kind: "user", userId: "u1", email: "o@example.test", role: "OWNER", accountId: OWN, sourceIp: null };
const key: Actor = { kind: "api-key", apiKeyId: "k1", accountId: OWN, sourceIp: "127.0.0.1" };
const operator: Actor = { kind: "user", userId: "u2", email: "op@example.test", role: "OPERATOR", accountId: null, sourceIp: null };
const cli: Actor = { kind: "cli", label: "cli:test" };

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
  return undefined;
}

describe("actingAccountId", () => {
  it("gives account users and keys their own account, and another one as not found", () => {
    for (const actor of [owner, key]) {
      expect(actingAccountId(actor, undefined)).toBe(OWN);
      expect(actingAccountId(actor, OWN)).toBe(OWN);
      expect(codeOf(() => actingAccountId(actor, OTHER))).toBe("account.not_found");
      expect(codeOf(() => actingAccountId(actor, OTHER, OPERATORS_DO_NOT_BUY))).toBe("account.not_found");
    }
  });

  it("gives operators the account they name, and the service's refusal when they name none", () => {
    for (const actor of [operator, cli]) {
      expect(actingAccountId(actor, OTHER)).toBe(OTHER);
      expect(codeOf(() => actingAccountId(actor, undefined))).toBe("account.not_found");
      expect(codeOf(() => actingAccountId(actor, undefined, OPERATORS_DO_NOT_BUY))).toBe("forbidden");
    }
  });
});

describe("accountWhere", () => {
  it("limits account users and keys to their own rows, and nobody else", () => {
    expect(accountWhere(owner)).toEqual({ accountId: OWN });
    expect(accountWhere(key)).toEqual({ accountId: OWN });
    expect(accountWhere(operator)).toEqual({});
    expect(accountWhere({ kind: "system" })).toEqual({});
  });
});
