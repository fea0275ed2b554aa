import { useState } from 'react';
import type { Entrant } from '../../../results/contract.ts';
import { inputClass, labelClass, secondaryButtonClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';

interface Props {
  t: Translator;
  order: Entrant[];
  onChange: (order: Entrant[]) => void;
}

/** The list with `from` moved to position `to` (both 0-based, `to` clamped into the list). */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, item!);
  return out;
}

/**
 * The manual seed order: a numbered list, seed 1 first, each entrant moved with its up and down
 * buttons or by typing its seed number (taken on Enter or when the field is left). The moved
 * entrant's button keeps the focus (its other one at either end, where this one is disabled), so a
 * keyboard user moves one entrant several places in a row.
 */
export default function SeedOrder({ t, order, onChange }: Props) {
  // a seed number being typed, by entrant, until it is taken
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const move = (from: number, to: number, focus?: string) => {
    if (to < 0 || to >= order.length || to === from) return;
    onChange(moved(order, from, to));
    if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
  };
  const take = (id: string, from: number) => {
    const draft = drafts[id];
    setDrafts(({ [id]: _, ...rest }) => rest);
    if (draft !== undefined && /^\d+$/.test(draft.trim())) move(from, Number(draft) - 1);
  };

  return (
    <fieldset className="space-y-2" data-testid="bracket-order">
      <legend className={labelClass}>{t('brackets.admin.order')}</legend>
      <p id="bracket-order-hint" className="text-xs text-slate-400">
        {t('brackets.admin.orderHint')}
      </p>
      {order.length === 0 ? (
        <p className="text-sm text-slate-400">{t('brackets.admin.orderEmpty')}</p>
      ) : (
        <ol className="max-w-md space-y-1.5">
          {order.map((e, i) => (
            <li
              key={e.id}
              className="flex items-center gap-2 rounded-lg border border-line bg-panel/60 px-2 py-1.5"
              data-testid="bracket-order-item"
              data-entrant={e.id}
            >
              <div className="w-16 shrink-0">
                <input
                  type="number"
                  min={1}
                  max={order.length}
                  inputMode="numeric"
                  className={inputClass}
                  aria-label={t('brackets.admin.seedOf', { name: e.name })}
                  aria-describedby="bracket-order-hint"
                  data-testid="bracket-order-seed"
                  value={drafts[e.id] ?? String(i + 1)}
                  onChange={(ev) => setDrafts((d) => ({ ...d, [e.id]: ev.target.value }))}
                  onBlur={() => take(e.id, i)}
                  onKeyDown={(ev) => {
                    if (ev.key !== 'Enter') return;
                    ev.preventDefault();
                    take(e.id, i);
                  }}
                />
              </div>
              <span className="min-w-0 flex-1 truncate text-sm text-white">{e.name}</span>
              <button
                type="button"
                id={`seed-up-${e.id}`}
                className={`${secondaryButtonClass} px-2 py-1`}
                aria-label={t('brackets.admin.moveUp', { name: e.name })}
                disabled={i === 0}
                onClick={() => move(i, i - 1, `seed-${i - 1 === 0 ? 'down' : 'up'}-${e.id}`)}
                data-testid="bracket-order-up"
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                id={`seed-down-${e.id}`}
                className={`${secondaryButtonClass} px-2 py-1`}
                aria-label={t('brackets.admin.moveDown', { name: e.name })}
                disabled={i === order.length - 1}
                onClick={() => move(i, i + 1, `seed-${i + 1 === order.length - 1 ? 'up' : 'down'}-${e.id}`)}
                data-testid="bracket-order-down"
              >
                <span aria-hidden="true">↓</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}
