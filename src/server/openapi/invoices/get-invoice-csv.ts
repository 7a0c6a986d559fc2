import { invoicePeriodParams } from "~/schemas/rest";
import type { OperationSpec } from "../operation";
import { INVOICE_NOTE, invoiceHeaders } from "./invoice-headers";

/** Served with the PDF by one route, app/api/v1/invoices/[file], which validates with invoiceFileParams (built on invoicePeriodParams). */
export const getInvoiceCsvOperation = {
  endpoint: "GET /api/v1/invoices/{period}.csv",
  tag: "Invoices",
  operationId: "getInvoiceCsv",
  summary: "Download an invoice as CSV",
  description:
    `One row per transaction of the month: date, ids, service, product, recipient, amount, status and source IP (RFC 4180; cells that a spreadsheet could read as formulas are neutralised). ${INVOICE_NOTE}`,
  request: { params: invoicePeriodParams },
  responses: {
    "200": { description: "The invoice, streamed.", headers: invoiceHeaders, content: { "text/csv": { schema: { type: "string" } } } },
  },
  examplePath: "/api/v1/invoices/2026-06.csv",
  curlOutput: "invoice-2026-06.csv",
} satisfies OperationSpec;
