/**
 * A plan's or bill product's upstream mapping (VTpass serviceID + variation_code) names one upstream
 * product, and one of ours per upstream product: the database's partial unique indexes
 * (data_plans_upstream_key, bill_products_upstream_key) refuse a second; this says which row holds it.
 */
import { invalidInput } from "~/server/validation/parse-input";

interface Mapped {
  id: string;
  upstreamService: string | null;
  upstreamCode: string | null;
}

export async function assertUpstreamFree(
  row: Mapped,
  findOther: (where: { upstreamService: string; upstreamCode: string; id: { not: string } }) => Promise<{ id: string } | null>,
  what: string,
): Promise<void> {
  if (row.upstreamService === null || row.upstreamCode === null) return;
  const other = await findOther({ upstreamService: row.upstreamService, upstreamCode: row.upstreamCode, id: { not: row.id } });
  if (other) {
    throw invalidInput([
      {
        name: "upstreamCode",
        reason: `'${row.upstreamService}' + '${row.upstreamCode}' is already the upstream product of ${what} '${other.id}'`,
      },
    ]);
  }
}
