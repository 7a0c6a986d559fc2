/** The portal's CSV as a batch body (read-batch-csv.ts): columns by the template, naira to kobo, references made up, blanks left out. */
import { describe, expect, it } from "vitest";
import { csvColumnOf, readBatchCsv } from "./read-batch-csv";

describe("readBatchCsv", () => {
  it("reads each template's columns into the single purchase's fields, amounts from naira to kobo", () => {
    const airtime = readBatchCsv(
      "airtime",
      "month-end",
      "clientReference,networkId,phone,amountNaira\r\nr-1,mtn,08031234567,500\r\nr-2,airtel,08021234567,1000.5\r\n",
    );
    expect(airtime).toEqual({
      body: {
        batchReference: "month-end",
        orders: [
          { kind: "airtime", clientReference: "r-1", networkId: "mtn", phone: "08031234567", amount: 50_000 },
          { kind: "airtime", clientReference: "r-2", networkId: "airtel", phone: "08021234567", amount: 100_050 },
        ],
      },
      problems: [],
    });
    const bill = readBatchCsv(
      "bill",
      "b",
      "clientReference,service,planId,customerId,amountNaira,phone,subscriptionType\nx,cable-tv,dstv-padi,7012345678,,,\n",
    );
    // Blank cells are left out, as a JSON client leaves a field out.
    expect(bill.body.orders).toEqual([
      { kind: "bill", clientReference: "x", service: "cable-tv", planId: "dstv-padi", customerId: "7012345678" },
    ]);
  });

  it("gives a row without a reference one of its own, the same on every upload of the file", () => {
    const text = "\uFEFFplanId,phone,clientReference\nmtn-1gb-30d,08031234567,\nmtn-1gb-30d,08031234567,mine\n";
    expect(readBatchCsv("data", "staff", text).body.orders.map((order) => order.clientReference)).toEqual(["staff-1", "mine"]);
  });

  it("passes an amount that is not naira on, for the batch's validation to name", () => {
    expect(readBatchCsv("airtime", "b", "networkId,phone,amountNaira\nmtn,08031234567,5.555\n").body.orders[0]?.amount).toBe("5.555");
    expect(csvColumnOf("amount")).toBe("amountNaira");
    expect(csvColumnOf("phone")).toBe("phone");
  });

  it("refuses a file without its kind's columns, or one that is not CSV, as the file", () => {
    expect(readBatchCsv("data", "b", "planId,customerId\nx,y\n").problems).toEqual([
      { name: "file", reason: "lacks the column phone of the data template" },
    ]);
    expect(readBatchCsv("data", "b", 'planId,phone\n"unclosed,08031234567\n').problems[0]?.name).toBe("file");
  });
});
