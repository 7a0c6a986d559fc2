import { OrderSummary } from "./order-summary";
import type { CustomerVerification } from "./types";

/** "Key like this" → "Key like this"; "meterType" → "Meter type": the biller's detail names, readable. */
function labelOf(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who the biller says the customer is: the name to read back to them, then any details it gave. */
export function CustomerDetails({ verification }: { verification: CustomerVerification }) {
  return (
    <div className="rounded-md border border-emerald-200 bg-emerald-50 p-3" role="status">
      <p className="text-sm text-emerald-900">Customer verified with {verification.biller}</p>
      <p className="mt-0.5 text-lg font-semibold text-slate-900" data-testid="customer-name">
        {verification.customerName}
      </p>
      {Object.keys(verification.details).length > 0 && (
        <div className="mt-1">
          <OrderSummary rows={Object.entries(verification.details).map(([key, value]) => ({ label: labelOf(key), value }))} />
        </div>
      )}
    </div>
  );
}
