import { describe, expect, it } from "vitest";
import { buyAgainHref, readBuyAgain } from "./buy-again";

const base = { networkId: "mtn", planId: null, recipient: "08031234567", amount: 150_050n };

describe("buy again", () => {
  it("carries a data purchase's plan and phone, and an airtime purchase's amount in naira, to the form", () => {
    const data = buyAgainHref({ ...base, service: "Data", planId: "mtn-1gb-30d", amount: 28_000n });
    expect(data).toBe("/buy/data?network=mtn&plan=mtn-1gb-30d&phone=08031234567");
    const airtime = buyAgainHref({ ...base, service: "Airtime" });
    expect(airtime).toBe("/buy/airtime?network=mtn&phone=08031234567&amount=1500.50");
    const read = (href: string) => readBuyAgain(Object.fromEntries(new URL(href, "http://portal.test").searchParams));
    expect(read(data!)).toEqual({ networkId: "mtn", phone: "08031234567", planId: "mtn-1gb-30d", amount: undefined });
    expect(read(airtime!)).toEqual({ networkId: "mtn", phone: "08031234567", planId: undefined, amount: "1500.50" });
  });

  it("offers nothing for a bill (its customer is verified again on its form) or an address without an order", () => {
    expect(buyAgainHref({ ...base, service: "Electricity", networkId: null, planId: "ikeja-electric-prepaid" })).toBeNull();
    expect(readBuyAgain({})).toBeNull();
    expect(readBuyAgain({ network: "mtn", phone: ["a", "b"] })).toBeNull();
  });
});
