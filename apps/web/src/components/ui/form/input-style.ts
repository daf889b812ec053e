/**
 * The one look of a text box, select or text area in the app: at least 44 px high (a finger's
 * width), 16 px text on phones (no zoom on focus) and 14 px from `sm`, a red border when
 * `aria-invalid`, a solid brand outline on focus.
 */
export const inputClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';
