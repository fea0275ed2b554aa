/**
 * The banner's main button: the shared primary button (platform/ui/ui.ts), written out here so the
 * page does not load that module before interaction. The server renders it, <tournament-banner>
 * restyles it as the visitor's action changes.
 */
export const actionClass =
  'inline-flex min-w-40 items-center justify-center gap-2 rounded-lg ' +
  'bg-brand px-5 py-2.5 font-semibold text-white shadow-lg shadow-brand/20 ' +
  'transition hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50 ' +
  'outline-none focus-visible:ring-2 focus-visible:ring-accent ' +
  'focus-visible:ring-offset-2 focus-visible:ring-offset-ink';

/** Leave, leave the waitlist and check out are destructive: the button turns red. */
export const dangerActionClass = `${actionClass} bg-rose-600 shadow-rose-900/30 hover:bg-rose-700`;

/** The secondary buttons beside it: pick your faction, report a match. */
export const sideButtonClass =
  'inline-flex items-center gap-2 rounded-lg border border-accent/60 bg-accent/15 ' +
  'px-5 py-2.5 font-semibold text-white transition hover:border-accent';

export const standingClass =
  'inline-flex items-center gap-2 rounded-full bg-emerald-950/70 px-3 ' +
  'py-1.5 font-medium text-emerald-200 ring-1 ring-emerald-500/40';
export const disqualifiedClass =
  'inline-flex items-center gap-2 rounded-full bg-rose-950/70 ' +
  'px-3 py-1.5 font-medium text-rose-200 ring-1 ring-rose-500/40';
export const failureClass = 'max-w-2xl rounded-lg border border-rose-500/40 bg-rose-950/70 px-4 py-3 text-rose-100';

export const countdownUnits = ['days', 'hours', 'minutes', 'seconds'] as const;
