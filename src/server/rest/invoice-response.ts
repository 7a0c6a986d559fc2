/**
 * An invoice file as an HTTP response, for the REST API and the portal alike, for the last path segment
 * ("2026-11.csv" or "2026-11.pdf") as invoiceFileParams reads it. The CSV streams; the PDF is small and
 * sent whole.
 */
import type { Readable } from "node:stream";
import type { InvoiceFile } from "~/schemas/rest";
import type { Actor } from "~/server/auth/actor";
import { buildInvoicePdf } from "~/server/services/invoices/render-invoice-pdf";
import { streamInvoiceCsv } from "~/server/services/invoices/stream-invoice-csv";

/**
 * A web stream that reads the Node stream only when the response asks for more. (Readable.toWeb in
 * Node 20 reads ahead without limit, so a million-row CSV would pile up in memory whenever the
 * client is slower than the database.)
 */
function pullStream(stream: Readable): ReadableStream<Uint8Array> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? Buffer.from(value) : value);
      },
      async cancel() {
        stream.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

export async function invoiceResponse(actor: Actor, accountId: string, { period, format }: InvoiceFile): Promise<Response> {
  if (format === "csv") {
    const csv = await streamInvoiceCsv(actor, { accountId, period });
    return new Response(pullStream(csv.stream), {
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
