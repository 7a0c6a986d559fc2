import { z } from "zod";
import { batch, createBatchInput } from "~/schemas/batches";
import { ok, standardHeaders, type OperationSpec } from "../operation";

const idempotentReplayHeader = z.enum(["true"]).meta({
  description: "Present when this `batchReference` was already accepted with the same orders: nothing new was accepted.",
  header: { id: "Idempotent-Replay" },
});

export const createBatchOperation = {
  endpoint: "POST /api/v1/batches",
  tag: "Batches",
  operationId: "createBatch",
  summary: "Buy in bulk",
  description:
    "Accepts up to 5,000 orders, each exactly the body of a single data, airtime or bill purchase with its `kind` (and a bill's `service`), to be bought in the background, one ordinary purchase per order. " +
    "The whole batch is validated first: every row's problems are answered at once, each named by its path (`orders[17].phone`), and nothing is accepted. " +
    "It is accepted only if the balance covers its total now (402 otherwise); nothing is reserved: each order is charged as it is bought, and if the wallet no longer covers one, it and every order not yet started fail with `wallet.insufficient_funds`, uncharged. " +
    "Idempotent on `batchReference`: the same batch posted again answers the batch already accepted (200, `Idempotent-Replay: true`); other orders under it are a 409. " +
    "Each order is idempotent on its own `clientReference`: one already in use is a replay of that purchase (never charged again), or a 409 recorded on that order. " +
    "Follow the batch with GET /api/v1/batches/{batchReference}, or wait for `batch.completed`.",
  request: { body: createBatchInput },
  bodyExample: {
    batchReference: "staff-topup-2026-11",
    orders: [
      { kind: "data", clientReference: "staff-0001", planId: "mtn-1gb-30d", phone: "08031234567" },
      { kind: "airtime", clientReference: "staff-0002", networkId: "airtel", phone: "08021234567", amount: 50000 },
      {
        kind: "bill",
        service: "electricity",
        clientReference: "staff-0003",
        planId: "ikeja-electric-prepaid",
        customerId: "45012345678",
        amount: 500000,
      },
    ],
  },
  responses: {
    "202": ok("Accepted: its orders are bought in the background.", batch),
    "200": {
      description:
        "A replay: this `batchReference` was accepted before with the same orders. The batch as it stands now, with `idempotentReplay: true`.",
      headers: standardHeaders.extend({ "Idempotent-Replay": idempotentReplayHeader }),
      content: { "application/json": { schema: batch } },
    },
  },
  errors: ["wallet.insufficient_funds", "batch.idempotency_conflict"],
} satisfies OperationSpec;
