/**
 * An invoice file as an HTTP response, for the REST API and the portal alike. `file` is the last path
 * segment: "2026-11.csv" or "2026-11.pdf". The CSV streams; the PDF is small and sent whole.
 */
import type { Actor } from "~/server/auth/actor";
import { pullStream } from "~/server/http/pull-stream";
import { buildInvoicePdf } from "~/server/services/invoices/render-invoice-pdf";
import { streamInvoiceCsv } from "~/server/services/invoices/stream-invoice-csv";
import { invalidInput } from "~/server/validation/parse-input";

/** `accountId`: an operator's choice of account; account holders get their own. */
export async function invoiceResponse(actor: Actor, accountId: string | undefined, file: string): Promise<Response> {
  const match = /^(.*)\.(csv|pdf)$/.exec(file);
  if (!match) throw invalidInput([{ name: "period", reason: "must be a month and a format, such as 2026-11.csv or 2026-11.pdf" }]);
  const [, period = "", format] = match;

  if (format === "csv") {
    const csv = await streamInvoiceCsv(actor, { accountId, period });
    return new Response(pullStream(csv.chunks, "invoice CSV"), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${csv.filename}"`,
        "x-invoice-number": csv.invoiceNumber,
        "cache-control": "private, no-store",
      },
    });
  }
  const invoice = await buildInvoicePdf(actor, { accountId, period });
  return new Response(new Uint8Array(invoice.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${invoice.filename}"`,
      "x-invoice-number": invoice.invoiceNumber,
      "cache-control": "private, no-store",
    },
  });
}
