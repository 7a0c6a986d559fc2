/**
 * An invoice file as an HTTP response, for the REST API and the portal alike, for the last path segment
 * ("2026-11.csv" or "2026-11.pdf") as invoiceFileParams reads it. The CSV streams; the PDF is small and
 * sent whole.
 */
import type { InvoiceFile } from "~/schemas/rest";
import type { Actor } from "~/server/auth/actor";
import { pullStream } from "~/server/http/pull-stream";
import { buildInvoicePdf } from "~/server/services/invoices/render-invoice-pdf";
import { streamInvoiceCsv } from "~/server/services/invoices/stream-invoice-csv";

/** `accountId`: an operator's choice of account; account holders get their own (account-scope.ts). */
export async function invoiceResponse(actor: Actor, accountId: string | undefined, { period, format }: InvoiceFile): Promise<Response> {
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
