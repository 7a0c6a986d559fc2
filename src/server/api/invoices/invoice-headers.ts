import { z } from "zod";
import { standardHeaders } from "../operation";

/** The headers of both invoice downloads. */
export const invoiceHeaders = standardHeaders.extend({
  "Content-Disposition": z
    .string()
    .meta({ description: "The file name to save it under.", example: 'attachment; filename="invoice-2026-06.csv"' }),
  "X-Invoice-Number": z
    .string()
    .meta({ description: "The invoice number: the same for an account and month every time.", example: "INV-202606-4F5C2A8E" }),
});

export const INVOICE_NOTE =
  "For the current month (provisional until it ends) or an earlier one back to the month the account was opened; a malformed period or a later month is a 400 on `period`, an earlier month a 404 `invoice.not_found`.";
