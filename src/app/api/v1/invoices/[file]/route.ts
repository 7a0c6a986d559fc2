import { invoiceFileParams } from "~/schemas/rest";
import { apiRoute } from "~/server/rest/api-route";
import { invoiceResponse } from "~/server/rest/invoice-response";

/** GET /api/v1/invoices/{period}.csv and /api/v1/invoices/{period}.pdf (src/server/api/invoices/). */
export const GET = apiRoute({ params: invoiceFileParams }, async ({ actor, params }) => invoiceResponse(actor, actor.accountId, params));
