/**
 * GET /api/portal/batch-templates/{kind}: the Batches page's template of one kind (data, airtime, bill):
 * its columns and two example rows, to fill in and upload.
 */
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { BATCH_CSV_COLUMNS, BATCH_CSV_EXAMPLES, batchCsvKind } from "~/schemas/batches";
import { sessionRoute } from "~/server/rest/session-route";

export const dynamic = "force-dynamic";

export const GET = sessionRoute(
  { signInMessage: "Sign in to the portal to download a batch template.", params: z.object({ kind: batchCsvKind }) },
  async ({ params }) => {
    const text = stringify([[...BATCH_CSV_COLUMNS[params.kind]], ...BATCH_CSV_EXAMPLES[params.kind]], { record_delimiter: "windows" });
    return new Response(text, {
      headers: {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="batch-template-${params.kind}.csv"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
