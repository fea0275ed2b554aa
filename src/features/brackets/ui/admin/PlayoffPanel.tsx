import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { BracketsApi } from '../../endpoints.ts';
import { playoffFormats, type Bracket, type PlayoffFormat } from '../../contract.ts';
import { ChoiceField, CountField, defaultExtras, EliminationOption } from './BracketOptions.tsx';

const call: TypedCall<BracketsApi> = api;

/**
 * A Swiss or round-robin stage's playoff in the Bracket tab: once the stage is complete the admin
 * picks its format and how many of the stage's best play it, and creates it; before that, and
 * after, a line says where things stand.
 */
export default function PlayoffPanel({
  t,
  bracket,
  onChange,
}: {
  t: Translator;
  bracket: Bracket;
  onChange: (b: Bracket) => void;
}) {
  // a disqualified entrant is never seeded
  const field = new Set(bracket.tables.flatMap((g) => g.rows.filter((r) => !r.disqualified).map((r) => r.entrantId)))
    .size;
  const [format, setFormat] = useState<PlayoffFormat>('single_elimination');
  const [size, setSize] = useState(String(Math.min(4, field)));
  const [extras, setExtras] = useState(defaultExtras);
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    const res = await call<'POST /tournaments/:id/bracket/playoff'>(
      `/tournaments/${encodeURIComponent(bracket.tournamentId)}/bracket/playoff`,
      { body: { format, size: /^\d+$/.test(size.trim()) ? Number(size) : 0, ...extras } },
    );
    setCreating(false);
    if (!res.ok) return toast.error(t.error(res.code));
    onChange(res.data);
    toast.success(t('brackets.admin.playoffCreated'));
  };

  return (
    <section
      className="space-y-3 rounded-2xl border border-line bg-panel/80 p-5"
      aria-labelledby="bracket-playoff-admin-title"
      data-testid="bracket-playoff-admin"
    >
      <h3 id="bracket-playoff-admin-title" className="text-lg font-bold text-white">
        {t('brackets.admin.playoffTitle')}
      </h3>
      {bracket.playoff ? (
        <p className="text-sm text-slate-300" data-testid="bracket-playoff-made">
          {t('brackets.admin.playoffMade')}
        </p>
      ) : !bracket.complete ? (
        <p className="text-sm text-slate-400" data-testid="bracket-playoff-waiting">
          {t('brackets.admin.playoffWaiting')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-300">{t('brackets.admin.playoffIntro')}</p>
          <div className="flex flex-wrap items-end gap-3">
            <ChoiceField
              id="playoff-format"
              label={t('brackets.admin.playoffFormat')}
              value={format}
              choices={playoffFormats.map((f) => [f, t(`brackets.format.${f}`)] as const)}
              onChange={setFormat}
            />
            <CountField
              id="playoff-size"
              label={t('brackets.admin.playoffSize')}
              value={size}
              onChange={setSize}
              min={2}
              max={field}
              widthClass="w-24"
            />
            <EliminationOption t={t} idPrefix="playoff" format={format} extras={extras} onChange={setExtras} />
            <BusyButton
              busy={creating}
              busyLabel={t('brackets.admin.playoffCreating')}
              onClick={() => void create()}
              testId="playoff-create"
            >
              {t('brackets.admin.playoffCreate')}
            </BusyButton>
          </div>
          <p id="playoff-size-hint" className="text-xs text-slate-400">
            {t('brackets.admin.playoffSizeHint', { n: field })}
          </p>
        </>
      )}
    </section>
  );
}
