import { invoicePeriodParams } from "~/schemas/rest";
import type { OperationSpec } from "../operation";
import { INVOICE_NOTE, invoiceHeaders } from "./invoice-headers";

/** Served with the PDF by one route, app/api/v1/invoices/[file], which validates with invoiceFileParams (built on invoicePeriodParams). */
export const getInvoiceCsvOperation = {
  endpoint: "GET /api/v1/invoices/{period}.csv",
  tag: "Invoices",
  operationId: "getInvoiceCsv",
  summary: "Download an invoice as CSV",
  description: `One row per transaction of the month, failed ones included: \`date_lagos\`, \`transaction_id\`, \`client_reference\`, \`provider_reference\`, \`service\`, \`product\`, \`recipient\`, \`amount_kobo\`, \`amount_ngn\`, \`charged_kobo\`, \`charged_ngn\`, \`status\`, \`channel\`, \`source_ip\`. UTF-8 with a byte-order mark, RFC 4180, CRLF. Identifiers (ids, references, recipient, source IP) are written as a text formula \`="…"\` (inner \`"\` doubled) so Excel and LibreOffice show them exactly as sent, as text; a program unwraps it (and reads with \`utf-8-sig\`). Other text starting with \`= + - @\` is prefixed with an apostrophe. \`charged_*\` is the amount for successful and pending purchases and 0 for failed ones, so its sum is the month's spend. ${INVOICE_NOTE}`,
  request: { params: invoicePeriodParams },
  errors: ["invoice.not_found", "invoice.live_only"],
  responses: {
    "200": { description: "The invoice, streamed.", headers: invoiceHeaders, content: { "text/csv": { schema: { type: "string" } } } },
  },
  examplePath: "/api/v1/invoices/2026-06.csv",
  curlOutput: "invoice-2026-06.csv",
} satisfies OperationSpec;
