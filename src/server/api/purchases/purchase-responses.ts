/** What the three purchase operations answer (DESIGN.md §3.3): 201 for a new reference, 200 for a replay. */
import { z } from "zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { transaction } from "~/schemas/api";
import { ok, standardHeaders } from "../operation";

const idempotentReplayHeader = z.enum(["true"]).meta({
  description: "Present on replays of a known `clientReference`: nothing was vended or charged.",
  header: { id: "Idempotent-Replay" },
});

export const purchaseResponses: ZodOpenApiResponsesObject = {
  "201": ok("A new purchase, `successful`, `failed` (the debit refunded) or `pending` (settles later).", transaction),
  "200": {
    description:
      "A replay: this `clientReference` is known and the order matches. The stored transaction as it stands now, with `idempotentReplay: true`. Nothing was vended or charged.",
    headers: standardHeaders.extend({ "Idempotent-Replay": idempotentReplayHeader }),
    content: { "application/json": { schema: transaction } },
  },
};

export const PURCHASE_NOTE =
  "Idempotent on `clientReference`: a retry with the same reference and order returns the stored transaction (200, `Idempotent-Replay: true`) without charging again.";
