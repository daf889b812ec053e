const button =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50';
export const buttonStyles = {
  primary: `${button} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-700`,
  secondary: `${button} bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand-700`,
  danger: `${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
  dangerOutline: `${button} bg-white text-red-700 ring-1 ring-inset ring-red-300 hover:bg-red-50 focus-visible:outline-red-700`,
};
