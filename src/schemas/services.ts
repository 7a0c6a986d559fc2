/**
 * The purchase kinds as the API names them, and the bill services as they appear in paths.
 * Browser-safe: no server imports.
 */
export const API_SERVICE_NAMES = {
  DATA: "Data",
  AIRTIME: "Airtime",
  CABLE_TV: "CableTv",
  ELECTRICITY: "Electricity",
  EDUCATION: "Education",
  BROADBAND: "Broadband",
} as const;

export type ServiceCode = keyof typeof API_SERVICE_NAMES;

export const BILL_SERVICE_PATHS = {
  "cable-tv": "CABLE_TV",
  electricity: "ELECTRICITY",
  education: "EDUCATION",
  broadband: "BROADBAND",
} as const satisfies Record<string, ServiceCode>;

export type BillServicePath = keyof typeof BILL_SERVICE_PATHS;

export function billServiceFromPath(path: string): (typeof BILL_SERVICE_PATHS)[BillServicePath] | null {
  return Object.hasOwn(BILL_SERVICE_PATHS, path) ? BILL_SERVICE_PATHS[path as BillServicePath] : null;
}

/** The bill services' codes (every service but data and airtime). */
export const BILL_SERVICE_CODES = ["CABLE_TV", "ELECTRICITY", "EDUCATION", "BROADBAND"] as const satisfies readonly ServiceCode[];
