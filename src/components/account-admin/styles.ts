/** Tailwind class lists shared by the owner's pages (API keys, allowlist, team), so they look and behave alike. */
export const primaryButton =
  "inline-flex items-center justify-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:cursor-not-allowed disabled:opacity-60";

export const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

/** A small button inside a list row (Revoke, Disable). */
export const rowButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:cursor-not-allowed disabled:opacity-60";

export const inputField =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 aria-[invalid=true]:border-red-500";

export const fieldLabel = "block text-sm font-medium text-slate-700";
export const fieldHint = "mt-1 text-xs text-slate-500";
export const fieldError = "mt-1 text-sm text-red-700";

export const alertBox = "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800";
export const successBox = "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800";

export const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
