/**
 * A reseller's webhook receiver for tests: a real HTTP server on loopback that verifies every delivery
 * with the `standardwebhooks` library (signature, timestamp tolerance) against the secrets it is told,
 * as a reseller's code would, and answers as the test scripts it (a status, a delay, Retry-After).
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  /** Which of the receiver's secrets verified it (by index); null when none did. */
  verifiedBy: number | null;
}

export interface ReceiverAnswer {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The secrets deliveries are verified against; set after creating the endpoint. */
  secrets: string[];
  /** How the next requests are answered (in order; the last one repeats); 204 by default. */
  answers: ReceiverAnswer[];
  /**
   * An answer chosen by what arrived, before `answers` is consulted (null: consult it), for a receiver
   * shared with deliveries it does not script, such as a browser test's on the demo account.
   */
  answerFor: ((delivery: ReceivedDelivery) => ReceiverAnswer | null) | null;
  /** Resolves once `count` deliveries arrived (verified or not). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedDelivery[]>;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver = {
    secrets: [] as string[],
    answers: [] as ReceiverAnswer[],
    answerFor: null as WebhookReceiver["answerFor"],
  };

  const server = http.createServer((req, res) => void handle(req, res));
  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = {
      "webhook-id": String(req.headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
    };
    const verifiedBy = receiver.secrets.findIndex((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    const delivery: ReceivedDelivery = {
      id: headers["webhook-id"],
      timestamp: headers["webhook-timestamp"],
      signature: headers["webhook-signature"],
      body,
      payload: JSON.parse(body) as ReceivedDelivery["payload"],
      verifiedBy: verifiedBy === -1 ? null : verifiedBy,
    };
    received.push(delivery);
    for (const waiter of waiters.filter((entry) => received.length >= entry.count)) waiter.resolve();

    const answer =
      receiver.answerFor?.(delivery) ??
      (receiver.answers.length > 1 ? receiver.answers.shift()! : (receiver.answers[0] ?? { status: 204 }));
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? "");
  }
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor: (count: number, timeoutMs = 15_000) =>
      new Promise<ReceivedDelivery[]>((resolve, reject) => {
        if (received.length >= count) return resolve(received);
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} deliveries arrived within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
