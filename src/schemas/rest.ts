/** Request schemas of the public REST API, shared by validation and the OpenAPI document. */
import { z } from "zod";
import { catalogId } from "./purchases";
import { BILL_SERVICE_PATHS } from "./services";

/**
 * Any string: an unknown service is a 404 service.not_found from the service layer, not a 400. The
 * document still lists the four services, since those are the only values that ever succeed.
 */
export const billServiceParams = z.object({
  service: z.string().meta({
    description: "The bill service.",
    example: "cable-tv",
    override: { enum: Object.keys(BILL_SERVICE_PATHS) },
  }),
});

export const listPlansQuery = z.object({
  networkId: catalogId
    .optional()
    .meta({ description: "Only the plans of this network (an id from GET /api/v1/networks).", example: "mtn" }),
});
export type ListPlansQuery = z.infer<typeof listPlansQuery>;

/** Any string, like the service above: a reference that could never have been used is simply not found (404). */
export const transactionReferenceParams = z.object({
  clientReference: z.string().meta({ description: "The `clientReference` the purchase was made with.", example: "order-10001" }),
});

/** A billing cycle: a calendar month in Africa/Lagos time. */
export const invoicePeriodParams = z.object({
  period: z
    .string()
    .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, "must be a month written YYYY-MM, such as 2026-11")
    .meta({ description: "The billing month, `YYYY-MM` (Africa/Lagos time).", example: "2026-06" }),
});

/**
 * The one path segment that serves both documented invoice paths, `{period}.csv` and `{period}.pdf`
 * (a `[file]` folder): split into the format and the period, which is then checked as documented.
 */
export const invoiceFileParams = z
  .object({ file: z.string() })
  .transform(({ file }, context) => {
    const match = /^(.*)\.(csv|pdf)$/.exec(file);
    if (!match) {
      context.addIssue({ code: "custom", path: ["period"], message: "must be a month and a format, such as 2026-11.csv or 2026-11.pdf" });
      return z.NEVER;
    }
    return { period: match[1] ?? "", format: match[2] as "csv" | "pdf" };
  })
  .pipe(invoicePeriodParams.extend({ format: z.enum(["csv", "pdf"]) }));
export type InvoiceFile = z.infer<typeof invoiceFileParams>;
