import { invoicePeriodParams } from "~/schemas/rest";
import type { OperationSpec } from "../operation";
import { INVOICE_NOTE, invoiceHeaders } from "./invoice-headers";

/** Served with the CSV by one route, app/api/v1/invoices/[file], which validates with invoiceFileParams (built on invoicePeriodParams). */
export const getInvoicePdfOperation = {
  endpoint: "GET /api/v1/invoices/{period}.pdf",
  tag: "Invoices",
  operationId: "getInvoicePdf",
  summary: "Download an invoice as PDF",
  description: `A statement: issuer and customer, the period, opening and closing balance with each funding and adjustment, purchases per service (every purchase, how many failed, and the amount charged for successful and pending ones), VAT, and a summary of the source addresses of the month (address, count, amount, first and last use); "Page n of N"; a tagged PDF. ${INVOICE_NOTE}`,
  request: { params: invoicePeriodParams },
  errors: ["invoice.not_found", "invoice.live_only"],
  responses: {
    "200": {
      description: "The invoice.",
      headers: invoiceHeaders,
      content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } },
    },
  },
  examplePath: "/api/v1/invoices/2026-06.pdf",
  curlOutput: "invoice-2026-06.pdf",
} satisfies OperationSpec;
