/**
 * The portal's one button look, for <button>s and for links that act as buttons. The tone says what
 * the action does; "sm" is for actions inside a table row or list item.
 */
const BASE =
  "inline-flex items-center justify-center rounded-md text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

const TONES = {
  primary: "bg-emerald-700 font-semibold text-white shadow-sm hover:bg-emerald-800 focus-visible:ring-emerald-600",
  secondary: "border border-slate-300 bg-white font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-emerald-600",
  danger: "bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:ring-red-600",
  dangerOutline: "border border-red-300 bg-white font-medium text-red-700 hover:bg-red-50 focus-visible:ring-red-600",
} as const;

const SIZES = { md: "px-4 py-2", sm: "px-3 py-1.5" } as const;

export type ButtonTone = keyof typeof TONES;

export function buttonClass(tone: ButtonTone = "primary", size: keyof typeof SIZES = "md"): string {
  return `${BASE} ${SIZES[size]} ${TONES[tone]}`;
}

/** A link inside text. */
export const linkClass = "font-medium text-emerald-700 underline-offset-2 hover:underline";
