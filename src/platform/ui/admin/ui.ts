/** Class sets of the dashboard's tables and panels (the form controls come from shared/ui.ts). */
export const tableWrapClass = 'overflow-x-auto rounded-2xl border border-line bg-panel/80';
export const tableClass = 'w-full min-w-[40rem] text-left text-sm';
export const theadClass = 'border-b border-line text-xs font-semibold tracking-wide text-slate-400 uppercase';
export const thClass = 'px-2.5 py-3 whitespace-nowrap first:pl-4 last:pr-4';
export const tdClass = 'px-2.5 py-3 align-middle first:pl-4 last:pr-4';
export const rowClass = 'border-b border-line/60 last:border-b-0 hover:bg-white/[0.03]';
export const panelClass = 'rounded-2xl border border-line bg-panel/80 p-5 sm:p-6';
export const panelTitleClass = 'text-lg font-bold text-white';
export const smallButtonClass =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border ' +
  'border-line bg-ink/60 px-3 py-1.5 text-xs font-semibold text-slate-200 ' +
  'outline-none transition hover:border-accent hover:text-white focus-visible:ring-2 ' +
  'focus-visible:ring-accent disabled:cursor-not-allowed disabled:opacity-50';
export const dangerSmallButtonClass =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border ' +
  'border-rose-500/40 bg-rose-500/10 px-3 py-1.5 text-xs font-semibold text-rose-200 ' +
  'outline-none transition hover:border-rose-400 hover:bg-rose-500/20 hover:text-white ' +
  'focus-visible:ring-2 focus-visible:ring-rose-400 disabled:cursor-not-allowed disabled:opacity-50';
/**
 * A column a phone leaves out (its header and its cells): the table keeps what matters in view beside the pinned
 * actions column, and the row's details still hold the rest.
 */
export const wideOnlyClass = 'max-sm:hidden';
export const checkboxClass = 'h-4 w-4 rounded border-line bg-ink accent-[var(--color-brand)]';
