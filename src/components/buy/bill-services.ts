import { BILL_SERVICE_PATHS, type BillServicePath } from "~/schemas/services";

export interface BillServiceWords {
  title: string;
  productLabel: string;
  customerIdLabel: string;
  customerIdHint: string;
  /** What the biller's code is called on the result, when it sends one. */
  tokenLabel: string;
  /** What the customer's (optional) phone is for. */
  phoneHint: string;
}

/** How each bill service is named to people. */
export const BILL_SERVICE_WORDS: Record<BillServicePath, BillServiceWords> = {
  "cable-tv": {
    title: "Cable TV",
    productLabel: "Package",
    customerIdLabel: "Smartcard / IUC number",
    customerIdHint: "Printed on the decoder or the smartcard.",
    tokenLabel: "Token",
    phoneHint: "Where the biller may text the receipt.",
  },
  electricity: {
    title: "Electricity",
    productLabel: "Distribution company",
    customerIdLabel: "Meter number",
    customerIdHint: "The prepaid meter's number, on the meter or a past receipt.",
    tokenLabel: "Token",
    phoneHint: "Where the biller may text the token.",
  },
  education: {
    title: "Education",
    productLabel: "Product",
    customerIdLabel: "Candidate or phone number",
    customerIdHint: "Who the PIN is for.",
    tokenLabel: "PIN",
    phoneHint: "Where the PIN may be texted. Some providers need it for WAEC PINs.",
  },
  broadband: {
    title: "Broadband",
    productLabel: "Plan",
    customerIdLabel: "Account or device number",
    customerIdHint: "The customer's account number with the provider.",
    tokenLabel: "Token",
    phoneHint: "Where the provider may text the receipt or PIN.",
  },
};

export function isBillServicePath(value: string): value is BillServicePath {
  return Object.hasOwn(BILL_SERVICE_PATHS, value);
}
