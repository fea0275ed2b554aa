/** Tailwind class sets shared by the form islands, so every form looks and focuses the same. */
export const inputClass =
  'block w-full rounded-lg border border-line bg-ink/70 px-3 py-2.5 text-slate-100 placeholder:text-slate-500 ' +
  'outline-none transition focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/40 ' +
  'aria-[invalid=true]:border-rose-500 aria-[invalid=true]:ring-rose-500/30 disabled:opacity-60';

export const selectClass = `${inputClass} [color-scheme:dark]`;

export const labelClass = 'block text-sm font-medium text-slate-300';

const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-accent ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

export const primaryButtonClass =
  `inline-flex items-center justify-center gap-2 rounded-lg bg-brand ` +
  `px-5 py-2.5 font-semibold text-white shadow-lg shadow-brand/20 ` +
  `transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export const secondaryButtonClass =
  `inline-flex items-center justify-center gap-2 rounded-lg border border-line bg-panel ` +
  `px-4 py-2 text-sm font-medium text-slate-200 ` +
  `transition hover:border-accent hover:text-white disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export const linkClass = `rounded font-medium text-accent underline-offset-4 hover:underline ${focusRing}`;

export const cardClass = 'rounded-2xl border border-line bg-panel/90 p-6 shadow-2xl shadow-black/40 sm:p-8';

export const errorBoxClass = 'rounded-lg border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200';
export const successBoxClass =
  'rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200';
