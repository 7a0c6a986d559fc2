import { batch, batchReferenceParams } from "~/schemas/batches";
import { ok, type OperationSpec } from "../operation";

export const getBatchOperation = {
  endpoint: "GET /api/v1/batches/{batchReference}",
  tag: "Batches",
  operationId: "getBatch",
  summary: "Get a batch",
  description:
    "The batch as it stands now: its status and its orders counted (pending, successful, failed), what it was accepted for and what it has spent.",
  request: { params: batchReferenceParams },
  responses: { "200": ok("The batch.", batch) },
  errors: ["batch.not_found"],
  examplePath: "/api/v1/batches/staff-topup-2026-11",
} satisfies OperationSpec;
