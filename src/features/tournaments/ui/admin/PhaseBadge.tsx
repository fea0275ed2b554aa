import type { Phase } from '../../rules.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';

const phaseClass: Record<Phase, string> = {
  complete: 'bg-slate-500/20 text-slate-300 ring-slate-400/40',
  ongoing: 'bg-rose-500/15 text-rose-200 ring-rose-400/40',
  waiting: 'bg-amber-500/15 text-amber-200 ring-amber-400/40',
  registration: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40',
  registrationClosed: 'bg-orange-500/15 text-orange-200 ring-orange-400/40',
  checkinOpen: 'bg-cyan-500/15 text-cyan-200 ring-cyan-400/40',
  checkinClosed: 'bg-violet-500/15 text-violet-200 ring-violet-400/40',
};

/** A tournament's phase (docs/product-rules.md) as a coloured pill (the same names as the tournament cards). */
export default function PhaseBadge({ phase, t, testId }: { phase: Phase; t: Translator; testId?: string }) {
  return (
    <span
      data-testid={testId}
      data-phase={phase}
      className={
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ' +
        `ring-1 ring-inset ${phaseClass[phase]}`
      }
    >
      {t(`dashboard.phases.${phase}`)}
    </span>
  );
}
