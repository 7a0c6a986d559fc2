/**
 * The documented webhook receiver (docs/integrating.md "Webhooks", the ```ts block after "A receiver in
 * TypeScript"), run as written: the block is copied out of the page into a file and started with tsx,
 * so the docs and what this test proves cannot drift apart. It is sent a delivery signed as the worker
 * signs one (send-webhook.ts), whose body holds multi-byte characters, split into two writes at every
 * byte: each must be accepted. A receiver that decodes each chunk by itself breaks the character the
 * split falls in, and refuses those deliveries (issue 31).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "~/server/http/free-port";
import { signatureHeader } from "./send-webhook";
import { newWebhookSecret } from "./webhook-endpoint-view";

const root = path.resolve(import.meta.dirname, "../../../..");

/** The documented receiver: the first ```ts block after the sentence that introduces it. */
function readmeReceiver(): string {
  const page = readFileSync(path.join(root, "docs/integrating.md"), "utf8");
  const after = page.slice(page.indexOf("A receiver in TypeScript"));
  const block = /```ts\n([\s\S]*?)```/.exec(after)?.[1];
  if (!block) throw new Error('docs/integrating.md: no ```ts block after "A receiver in TypeScript"');
  return block;
}

const secret = newWebhookSecret();
let receiver: ChildProcess;
let port: number;
let dir: string;

beforeAll(async () => {
  // Inside the checkout (.data is git-ignored), so the block's imports resolve from node_modules.
  mkdirSync(path.join(root, ".data"), { recursive: true });
  dir = mkdtempSync(path.join(root, ".data", "readme-receiver-"));
  const file = path.join(dir, "receiver.ts");
  writeFileSync(file, readmeReceiver());
  port = await freePort();
  receiver = spawn(process.execPath, ["--import", "tsx", file], {
    cwd: root,
    env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) },
    stdio: "ignore",
  });
  for (let tries = 0; ; tries++) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => (socket.end(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    if (listening) break;
    if (tries > 300 || receiver.exitCode !== null) throw new Error("the documented receiver did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

afterAll(() => {
  receiver?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});

/** A POST whose body is written in two parts, the second after the receiver has had time to read the first. */
function post(headers: Record<string, string>, body: Buffer, splitAt: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: "/", headers: { ...headers, "content-length": String(body.length) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.flushHeaders();
    request.write(body.subarray(0, splitAt));
    setTimeout(() => request.end(body.subarray(splitAt)), 20);
  });
}

function signed(id: string, text: string) {
  const timestamp = new Date();
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signatureHeader([secret], id, timestamp, text),
  };
}

describe("the documented webhook receiver (docs/integrating.md)", () => {
  it("accepts a signed body split at every byte, multi-byte characters included", async () => {
    const id = "evt_0193a5c0ffee00000000000000000001";
    const text = JSON.stringify({
      id,
      type: "transaction.successful",
      createdAt: new Date().toISOString(),
      livemode: true,
      data: { productName: "MTN 1GB (SME) – 30 days", customerName: "Adébáyọ̀ Ọlá", note: "₦280 🚀" },
    });
    const body = Buffer.from(text, "utf8");
    expect(body.length).toBeGreaterThan(text.length); // the characters above take more than one byte
    const headers = signed(id, text);
    const statuses: number[] = [];
    // Ten at a time: each split is its own request.
    for (let start = 1; start < body.length; start += 10) {
      const splits = Array.from({ length: Math.min(10, body.length - start) }, (_, offset) => start + offset);
      statuses.push(...(await Promise.all(splits.map((splitAt) => post(headers, body, splitAt)))));
    }
    const refused = statuses.flatMap((status, index) => (status === 204 ? [] : [`split at byte ${index + 1}: ${status}`]));
    expect(refused).toEqual([]);
    expect(statuses).toHaveLength(body.length - 1);
  }, 60_000);

  it("refuses a body that is not the one signed", async () => {
    const id = "evt_0193a5c0ffee00000000000000000002";
    const text = JSON.stringify({ id, type: "wallet.funded", data: { amount: 100 } });
    expect(await post(signed(id, text), Buffer.from(text.replace("100", "900")), 5)).toBe(400);
  });
});
