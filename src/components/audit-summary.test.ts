import { describe, expect, it } from "vitest";
import { changeText, describeAudit } from "./audit-summary";

function lines(entry: { action: string; targetType?: string; targetId?: string; details: unknown }): string[] {
  const described = describeAudit({ targetType: null, targetId: null, ...entry });
  return [described.summary, ...described.changes.map(changeText)];
}

describe("describeAudit", () => {
  it("shows a new row's money in naira, each field labelled", () => {
    expect(
      lines({
        action: "plan.created",
        targetType: "plan",
        targetId: "mtn-1gb",
        details: { after: { id: "mtn-1gb", price: "80000", costPrice: null, validityDays: 30 } },
      }),
    ).toEqual(["Data plan mtn-1gb", "Price: ₦800.00", "Validity (days): 30"]);
  });

  it("shows an edit as before → after, in naira, for every money field of the catalog", () => {
    const changes = {
      price: { before: "70000", after: "80000" },
      retailPrice: { before: null, after: "90000" },
      airtimeMinAmount: { before: "5000", after: "10000" },
      maxAmount: { before: "5000000", after: "10000000" },
      commissionBps: { before: 250, after: 300 },
      active: { before: true, after: false },
    };
    expect(lines({ action: "bill_product.updated", targetType: "bill_product", targetId: "dstv", details: { changes } })).toEqual([
      "Bill product dstv",
      "Price: ₦700.00 → ₦800.00",
      "Retail price: none → ₦900.00",
      "Least airtime: ₦50.00 → ₦100.00",
      "Most amount: ₦50,000.00 → ₦100,000.00",
      "Commission: 2.5% → 3%",
      "On sale: yes → no",
    ]);
  });

  it("shows prices, wallets and refunds in naira", () => {
    expect(
      lines({
        action: "price_list.price_set",
        details: {
          priceList: "Gold",
          item: { planId: "mtn-1gb" },
          before: { price: "70000", pricingBasis: "SPECIAL" },
          after: { price: "65000", pricingBasis: "SPECIAL" },
        },
      }),
    ).toEqual(["Data plan mtn-1gb · on price list “Gold”", "Price: ₦700.00 → ₦650.00"]);
    expect(
      lines({
        action: "price.account_set",
        targetType: "plan",
        targetId: "p",
        details: { before: null, after: { price: "500", pricingBasis: "RETAIL" } },
      }),
    ).toEqual(["Data plan p", "Price: none → ₦5.00", "Pricing basis: none → Retail"]);
    expect(lines({ action: "test_wallet.reset", details: { before: "1000000", after: "0" } })).toEqual([
      "Test wallet balance set",
      "Test wallet balance: ₦10,000.00 → ₦0.00",
    ]);
    expect(lines({ action: "test_wallet.top_up", details: { amount: "250000", balanceAfter: "1250000" } })).toEqual([
      "₦2,500.00 added to the test wallet · balance after ₦12,500.00",
    ]);
    expect(lines({ action: "wallet.set_low_balance_threshold", details: { threshold: 500000, livemode: true } })).toEqual([
      "Live wallet",
      "Alert below: ₦5,000.00",
    ]);
    expect(lines({ action: "bank_transfer.assign", details: { amount: "1500050", reference: "PSK-1", note: null } })).toEqual([
      "₦15,000.50 · reference PSK-1",
    ]);
    expect(lines({ action: "transaction.upstream_reversal", targetId: "t-1", details: { amount: "10000", reason: "reversed" } })).toEqual([
      "₦100.00 refunded · transaction t-1 · reversed",
    ]);
  });

  it("shows a product's routes in words, before → after, cost in naira and commission in percent, not as JSON", () => {
    const vtpass = {
      position: 1,
      provider: "vtpass",
      upstreamService: "mtn",
      upstreamCode: null,
      costPrice: null,
      commissionBps: 300,
      enabled: true,
    };
    const clubkonnect = {
      position: 2,
      provider: "clubkonnect",
      upstreamService: "01",
      upstreamCode: null,
      costPrice: null,
      commissionBps: 350,
      enabled: true,
    };
    expect(
      lines({
        action: "routes.set",
        targetType: "product",
        targetId: "AIRTIME:mtn",
        details: { before: [vtpass], routes: [{ ...vtpass, enabled: false }, clubkonnect] },
      }),
    ).toEqual(["Airtime mtn", "Routes: 1. vtpass (mtn) 3% → 1. vtpass (mtn) 3%, off · 2. clubkonnect (01) 3.5%"]);
    // A plan's route costs naira; removing every route reads "none"; an entry from before `before` was recorded shows the list alone.
    const plan = { provider: "clubkonnect", upstreamService: "01", upstreamCode: "1000.0", costPrice: "23000", commissionBps: null };
    expect(
      lines({ action: "routes.set", targetType: "product", targetId: "DATA:mtn-sme-1gb", details: { before: [plan], routes: [] } }),
    ).toEqual(["Data plan mtn-sme-1gb", "Routes: 1. clubkonnect (01, 1000.0) ₦230.00 → none"]);
    expect(lines({ action: "routes.set", targetType: "product", targetId: "CABLE_TV:dstv-padi", details: { routes: [plan] } })).toEqual([
      "Cable TV product dstv-padi",
      "Routes: 1. clubkonnect (01, 1000.0) ₦230.00",
    ]);
    expect(lines({ action: "route.disable", targetType: "product", targetId: "AIRTIME:mtn", details: { provider: "vtpass" } })).toEqual([
      "Airtime mtn, route to vtpass",
    ]);
    expect(
      lines({
        action: "route.cost",
        targetType: "product",
        targetId: "DATA:mtn-1gb",
        details: { provider: "clubkonnect", before: { costPrice: "23000" }, after: { costPrice: "24000" } },
      }),
    ).toEqual(["Data plan mtn-1gb, route to clubkonnect", "Cost price: ₦230.00 → ₦240.00"]);
    expect(lines({ action: "upstream.disable", targetType: "upstream", targetId: "vtpass", details: { reason: "wallet empty" } })).toEqual([
      "vtpass · reason “wallet empty”",
    ]);
  });

  it("shows an upstream's floor before → after in naira (0 as none), and the balance crossing it in words", () => {
    const floor = (details: Record<string, unknown>) =>
      lines({ action: "upstream.floor", targetType: "upstream", targetId: "vtpass", details });
    expect(floor({ before: "0", after: "5000000", balance: "25000000", belowFloorBefore: false, belowFloor: false })).toEqual([
      "vtpass",
      "Floor: none → ₦50,000.00",
    ]);
    expect(floor({ before: "5000000", after: "30000000", balance: "25000000", belowFloorBefore: false, belowFloor: true })).toEqual([
      "vtpass · its last balance read, ₦250,000.00, is below it: no routed order goes there",
      "Floor: ₦50,000.00 → ₦300,000.00",
    ]);
    expect(floor({ before: "30000000", after: "0", balance: "25000000", belowFloorBefore: true, belowFloor: false })).toEqual([
      "vtpass · its last balance read is not below it: it takes orders again",
      "Floor: ₦300,000.00 → none",
    ]);
    expect(
      lines({
        action: "upstream.below_floor",
        targetType: "upstream",
        targetId: "clubkonnect",
        details: { balance: "99950", floor: "100000" },
      }),
    ).toEqual(["clubkonnect: balance ₦999.50, below its floor of ₦1,000.00: no routed order goes there"]);
    expect(
      lines({
        action: "upstream.above_floor",
        targetType: "upstream",
        targetId: "clubkonnect",
        details: { balance: "100000", floor: "100000" },
      }),
    ).toEqual(["clubkonnect: balance ₦1,000.00, at or above its floor of ₦1,000.00: it takes orders again"]);
  });

  it("shows an unknown shape by its labelled fields, money in naira", () => {
    expect(lines({ action: "some.future_action", details: { amount: "100", note: "x" } })).toEqual(["Amount: ₦1.00 · Note: x"]);
    expect(lines({ action: "some.future_action", details: { before: { price: "100" }, after: { price: "200" } } })).toEqual([
      "—",
      "Price: ₦1.00 → ₦2.00",
    ]);
  });
});
