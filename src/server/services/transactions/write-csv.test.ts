import { describe, expect, it } from "vitest";
import { inBatches, nairaText, writeCsv } from "./write-csv";

async function* from<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = "";
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe("writeCsv", () => {
  it("quotes CR and LF, doubles quotes, and neutralises formulas, full-width ones too", async () => {
    const csv = await text(writeCsv(["a", "b"], from([[["=1+1", 'say "hi", then\nleave'], ["\uFF1DSUM(A1)", "\rX"], ["-5", ""]]])));
    expect(csv).toBe(`a,b\r\n'=1+1,"say ""hi"", then\nleave"\r\n'\uFF1DSUM(A1),"'\rX"\r\n'-5,\r\n`);
  });

  it("writes the header alone for no rows, with a byte-order mark when asked", async () => {
    expect(await text(writeCsv(["a"], from<string[][]>([[]]), { bom: true }))).toBe("\uFEFFa\r\n");
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
