import { describe, expect, it } from "vitest";
import { deliveredItems } from "./delivered-items";

const none = { token: null, pins: null, units: null, bonusToken: null };

describe("deliveredItems", () => {
  it("electricity: the token, then the bonus token, each copied as stored; the units only shown", () => {
    const items = deliveredItems(
      { ...none, token: "42167939781206619049", bonusToken: "62881559799402440206", units: "79.9 kWh" },
      "Token",
    );
    expect(items).toEqual([
      { kind: "token", label: "Token", value: "42167939781206619049", display: "4216 7939 7812 0661 9049", copyWhat: "token" },
      {
        kind: "bonus-token",
        label: "Bonus token",
        value: "62881559799402440206",
        display: "6288 1559 7994 0244 0206",
        copyWhat: "bonus token",
      },
      { kind: "units", label: "Units", value: "79.9 kWh", display: "79.9 kWh", copyWhat: null },
    ]);
  });

  it("cards: each serial and PIN, numbered when there are several; a PIN without a serial alone", () => {
    const pins = [
      { serial: "WRN182135587", pin: "373820665258" },
      { serial: null, pin: "0100070365657400875" },
    ];
    expect(
      deliveredItems({ ...none, token: "373820665258", pins }, "PIN").map((item) => [item.label, item.display, item.copyWhat]),
    ).toEqual([
      ["Serial 1", "WRN182135587", "serial 1"],
      ["PIN 1", "3738 2066 5258", "PIN 1"],
      ["PIN 2", "0100 0703 6565 7400 875", "PIN 2"],
    ]);
    expect(deliveredItems({ ...none, token: "373820665258", pins: pins.slice(0, 1) }, "PIN").map((item) => item.label)).toEqual([
      "Serial",
      "PIN",
    ]);
  });

  it("a lone token from a provider without cards keeps the product's word for it; nothing for what is credited directly", () => {
    expect(deliveredItems({ ...none, token: "1234-ABCD" }, "PIN")).toEqual([
      { kind: "token", label: "PIN", value: "1234-ABCD", display: "1234-ABCD", copyWhat: "PIN" },
    ]);
    expect(deliveredItems(none, "Token")).toEqual([]);
  });
});
