import { z } from "zod";
import { apiRoute } from "~/server/rest/api-route";
import { invoiceResponse } from "~/server/rest/invoice-response";

const params = z.object({ file: z.string() });

/** GET /api/v1/invoices/{period}.csv and /api/v1/invoices/{period}.pdf */
export const GET = apiRoute({ params }, async ({ actor, params }) => invoiceResponse(actor, actor.accountId, params.file));
