import type { Phase } from '../rules.ts';

/**
 * The phase badge's look, keyed by the phase names (rules.ts) through `data-phase`,
 * so the same class list serves the server-rendered badge, the one a grid fills in the browser
 * and the detail island's (which only change the attribute).
 */
export const phaseBadgeClass =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 ' +
  'text-xs font-bold tracking-wide uppercase ring-1 backdrop-blur ' +
  'before:size-1.5 before:rounded-full before:bg-current ' +
  'data-[phase=complete]:bg-slate-800/85 data-[phase=complete]:text-slate-300 ' +
  'data-[phase=complete]:ring-slate-500/50 ' +
  'data-[phase=ongoing]:bg-rose-950/85 data-[phase=ongoing]:text-rose-300 data-[phase=ongoing]:ring-rose-500/60 ' +
  'data-[phase=waiting]:bg-indigo-950/85 data-[phase=waiting]:text-indigo-200 ' +
  'data-[phase=waiting]:ring-indigo-400/50 ' +
  'data-[phase=registration]:bg-emerald-950/85 data-[phase=registration]:text-emerald-300 ' +
  'data-[phase=registration]:ring-emerald-400/60 ' +
  'data-[phase=registrationClosed]:bg-orange-950/85 data-[phase=registrationClosed]:text-orange-300 ' +
  'data-[phase=registrationClosed]:ring-orange-500/50 ' +
  'data-[phase=checkinOpen]:bg-amber-950/85 data-[phase=checkinOpen]:text-amber-300 ' +
  'data-[phase=checkinOpen]:ring-amber-400/60 ' +
  'data-[phase=checkinClosed]:bg-orange-950/85 data-[phase=checkinClosed]:text-orange-300 ' +
  'data-[phase=checkinClosed]:ring-orange-500/50';

export const phases: readonly Phase[] = [
  'complete',
  'ongoing',
  'waiting',
  'registration',
  'registrationClosed',
  'checkinOpen',
  'checkinClosed',
];

/** The card placeholder when a tournament has no thumbnail. */
export const placeholderThumbnail = '/tournaments/placeholder.svg';
