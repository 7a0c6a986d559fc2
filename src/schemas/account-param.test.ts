import { describe, expect, it } from "vitest";
import { accountFromSearchParams, accountQuery } from "./account-param";

describe("the operator's account in portal URLs", () => {
  it("is ?account=, with the invoices' old ?accountId= still read", () => {
    expect(accountFromSearchParams(new URLSearchParams("account=abc"))).toBe("abc");
    expect(accountFromSearchParams(new URLSearchParams("accountId=abc"))).toBe("abc");
    expect(accountFromSearchParams(new URLSearchParams("account=new&accountId=old"))).toBe("new");
    expect(accountFromSearchParams(new URLSearchParams("account=%20&status=failed"))).toBeUndefined();
    expect(accountFromSearchParams({ account: ["first", "second"] })).toBe("first");
    expect(accountFromSearchParams({})).toBeUndefined();
  });

  it("is written as ?account= in links", () => {
    expect(accountQuery("a b")).toBe("?account=a+b");
    expect(accountQuery(undefined)).toBe("");
  });
});
