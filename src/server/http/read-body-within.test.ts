import { describe, expect, it } from "vitest";
import { readBodyWithin } from "./read-body-within";

/** A POST whose body arrives in chunks with no Content-Length, as a chunked upload does. */
function chunkedRequest(chunks: string[], headers: Record<string, string> = {}): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Request("http://localhost/api/trpc/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("readBodyWithin", () => {
  it("returns a body within the limit whole", async () => {
    const body = await readBodyWithin(chunkedRequest(["ab", "cd"]), 4);
    expect(Buffer.from(body!).toString()).toBe("abcd");
  });

  it("refuses a chunked body once more than the limit has arrived, whatever Content-Length claimed", async () => {
    expect(await readBodyWithin(chunkedRequest(["ab", "cde"]), 4)).toBeNull();
    expect(await readBodyWithin(chunkedRequest(["ab", "cde"], { "content-length": "2" }), 4)).toBeNull();
  });

  it("refuses a declared Content-Length over the limit without reading", async () => {
    expect(await readBodyWithin(chunkedRequest(["a"], { "content-length": "5" }), 4)).toBeNull();
  });
});
