import { useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import { checkboxClass } from '../../../../platform/ui/admin/ui.ts';
import { inputClass, labelClass, primaryButtonClass, selectClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import type { BracketsApi } from '../../endpoints.ts';
import { playoffFormats, type Bracket, type PlayoffFormat } from '../../contract.ts';

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
  const field = new Set(bracket.tables.flatMap((g) => g.rows.map((r) => r.entrantId))).size;
  const [format, setFormat] = useState<PlayoffFormat>('single_elimination');
  const [size, setSize] = useState(String(Math.min(4, field)));
  const [thirdPlace, setThirdPlace] = useState(false);
  const [grandFinalReset, setGrandFinalReset] = useState(true);
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    const res = await call<'POST /tournaments/:id/bracket/playoff'>(
      `/tournaments/${encodeURIComponent(bracket.tournamentId)}/bracket/playoff`,
      { body: { format, size: /^\d+$/.test(size.trim()) ? Number(size) : 0, thirdPlace, grandFinalReset } },
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
            <div className="space-y-1.5">
              <label htmlFor="playoff-format" className={labelClass}>
                {t('brackets.admin.playoffFormat')}
              </label>
              <select
                id="playoff-format"
                data-testid="playoff-format"
                className={selectClass}
                value={format}
                onChange={(e) => setFormat(e.target.value as PlayoffFormat)}
              >
                {playoffFormats.map((f) => (
                  <option key={f} value={f}>
                    {t(`brackets.format.${f}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <label htmlFor="playoff-size" className={labelClass}>
                {t('brackets.admin.playoffSize')}
              </label>
              <input
                id="playoff-size"
                data-testid="playoff-size"
                type="number"
                min={2}
                max={field}
                inputMode="numeric"
                className={`${inputClass} w-24`}
                value={size}
                onChange={(e) => setSize(e.target.value)}
                aria-describedby="playoff-size-hint"
              />
            </div>
            {format === 'single_elimination' ? (
              <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={thirdPlace}
                  onChange={(e) => setThirdPlace(e.target.checked)}
                  data-testid="playoff-third-place"
                />
                {t('brackets.admin.thirdPlace')}
              </label>
            ) : (
              <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={grandFinalReset}
                  onChange={(e) => setGrandFinalReset(e.target.checked)}
                  data-testid="playoff-grand-final-reset"
                />
                {t('brackets.admin.grandFinalReset')}
              </label>
            )}
            <button
              type="button"
              className={primaryButtonClass}
              onClick={() => void create()}
              disabled={creating}
              aria-busy={creating || undefined}
              data-testid="playoff-create"
            >
              {creating ? t('brackets.admin.playoffCreating') : t('brackets.admin.playoffCreate')}
            </button>
          </div>
          <p id="playoff-size-hint" className="text-xs text-slate-400">
            {t('brackets.admin.playoffSizeHint', { n: field })}
          </p>
        </>
      )}
    </section>
  );
}
