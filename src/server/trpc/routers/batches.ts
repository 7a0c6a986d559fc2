/**
 * The portal's Batches page: a CSV upload previewed and confirmed, the batch followed to completion,
 * and the account's past batches. Each procedure calls the same services as POST/GET /api/v1/batches,
 * with the signed-in user as the actor (channel PORTAL; test mode with Test data on).
 */
import { z } from "zod";
import { batchReferenceParams } from "~/schemas/batches";
import { createBatchFromCsv } from "~/server/services/batches/create-batch-from-csv";
import { getBatch } from "~/server/services/batches/get-batch";
import { listBatches } from "~/server/services/batches/list-batches";
import { previewBatchCsv } from "~/server/services/batches/preview-batch-csv";
import { createTRPCRouter, protectedProcedure } from "~/server/trpc/init";

export const batchesRouter = createTRPCRouter({
  // Mutations, not queries: the file is far larger than a query string holds (the tRPC route allows
  // these two a larger body).
  preview: protectedProcedure.input(z.unknown()).mutation(({ ctx, input }) => previewBatchCsv(ctx.actor, input)),
  create: protectedProcedure.input(z.unknown()).mutation(async ({ ctx, input }) => (await createBatchFromCsv(ctx.actor, input)).batch),

  byReference: protectedProcedure
    .input(batchReferenceParams)
    .query(({ ctx, input }) => getBatch(ctx.actor, undefined, input.batchReference)),

  list: protectedProcedure
    .input(z.object({ cursor: z.string().max(200).nullish() }))
    .query(({ ctx, input }) => listBatches(ctx.actor, { cursor: input.cursor ?? null })),
});
