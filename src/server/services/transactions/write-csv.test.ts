import { describe, expect, it } from "vitest";
import { inBatches, nairaText, unwrapTextFormula, writeCsv } from "./write-csv";

async function* from<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = "";
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe("writeCsv", () => {
  it("quotes CR and LF, doubles quotes, and neutralises formulas in free text, full-width ones too", async () => {
    const columns = [
      { header: "a", kind: "text" },
      { header: "b", kind: "text" },
    ] as const;
    const csv = await text(
      writeCsv(
        columns,
        from([
          [
            ["=1+1", 'say "hi", then\nleave'],
            ["\uFF1DSUM(A1)", "\rX"],
            ["-5", ""],
          ],
        ]),
      ),
    );
    expect(csv).toBe(`\uFEFFa,b\r\n'=1+1,"say ""hi"", then\nleave"\r\n'\uFF1DSUM(A1),"'\rX"\r\n'-5,\r\n`);
  });

  it("writes identifiers as text formulas a spreadsheet shows exactly as sent, and values as they are", async () => {
    const columns = [
      { header: "ref", kind: "id" },
      { header: "amount", kind: "value" },
    ] as const;
    const long = "x".repeat(256);
    const csv = await text(
      writeCsv(
        columns,
        from([
          [
            ["0012", "-10.50"],
            ['-a"b', "1"],
            ["", "2"],
            [long, "3"],
            ["=1\n2", "4"],
          ],
        ]),
      ),
    );
    expect(csv).toBe(`\uFEFFref,amount\r\n"=""0012""",-10.50\r\n"=""-a""""b""",1\r\n,2\r\n${long},3\r\n"'=1\n2",4\r\n`);
    expect(unwrapTextFormula('="-a""b"')).toBe('-a"b');
    expect(unwrapTextFormula("plain")).toBe("plain");
  });

  it("writes the header alone, after a byte-order mark, for no rows", async () => {
    expect(await text(writeCsv([{ header: "a", kind: "text" }], from<string[][]>([[]])))).toBe("\uFEFFa\r\n");
  });
});

describe("inBatches", () => {
  it("groups rows without losing the last short batch", async () => {
    const batches: number[][] = [];
    for await (const batch of inBatches(from([1, 2, 3, 4, 5]), 2)) batches.push(batch);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe("nairaText", () => {
  it("writes kobo as naira exactly", () => {
    expect(nairaText(123456n)).toBe("1234.56");
    expect(nairaText(5n)).toBe("0.05");
    expect(nairaText(-1050n)).toBe("-10.50");
  });
});
