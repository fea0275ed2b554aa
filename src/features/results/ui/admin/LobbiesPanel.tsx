import { useState, type InputHTMLAttributes } from 'react';
import { toast } from 'sonner';
import type { Lobbies } from '../../contract.ts';
import { api, type ApiResult } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../../endpoints.ts';
import BusyButton from '../../../../platform/ui/BusyButton.tsx';
import { SelectOptions } from '../../../../platform/ui/FormField.tsx';
import { inputClass, secondaryButtonClass, selectClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { panelClass } from '../../../../platform/ui/admin/ui.ts';
import PanelHeading from '../../../../platform/ui/admin/PanelHeading.tsx';
import { isoToLocalInput, localInputToIso } from '../../../../platform/ui/admin/datetime-local.ts';

const call: TypedCall<ResultsApi> = api;

interface Props {
  t: Translator;
  tournamentId: string;
  lobbies: Lobbies;
  locked: boolean;
  onSaved: (lobbies: Lobbies) => void;
}

/**
 * The lobbies of a battle royale whose field does not fit one lobby: split balanced by seed, a
 * player moved by hand, and each lobby's custom-match key with the time its players see it.
 */
export default function LobbiesPanel({ t, tournamentId, lobbies, locked, onSaved }: Props) {
  const [count, setCount] = useState(String(Math.max(lobbies.needed, lobbies.lobbies.length)));
  const [busy, setBusy] = useState(false);
  const base = `/tournaments/${encodeURIComponent(tournamentId)}/lobbies` as const;

  const answer = (res: ApiResult<Lobbies>, done: string) => {
    if (!res.ok) return void toast.error(t.error(res.code));
    toast.success(done);
    onSaved(res.data);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    await work();
    setBusy(false);
  };
  const split = () =>
    run(async () =>
      answer(
        await call<'POST /tournaments/:id/lobbies/auto'>(`${base}/auto`, { body: { count: Number(count) } }),
        t('resultsAdmin.lobbies.splitDone'),
      ),
    );
  const move = (entrantId: string, to: number) =>
    run(async () => {
      const groups = lobbies.lobbies.map((l) => l.entrants.map((e) => e.id).filter((id) => id !== entrantId));
      groups[to - 1]!.push(entrantId);
      answer(
        await call<'PUT /tournaments/:id/lobbies'>(base, { method: 'PUT', body: { lobbies: groups } }),
        t('resultsAdmin.lobbies.moved'),
      );
    });

  const split1 = lobbies.lobbies.length > 1;
  return (
    <section className={`${panelClass} space-y-5`} aria-labelledby="lobbies-title" data-testid="lobbies-panel">
      <PanelHeading
        id="lobbies-title"
        title={t('resultsAdmin.lobbies.title')}
        intro={t('resultsAdmin.lobbies.intro', { size: lobbies.lobbySize, needed: lobbies.needed })}
      />
      {!locked && (
        <div className="flex flex-wrap items-end gap-3">
          <LabelledInput
            id="lobbies-count"
            label={t('resultsAdmin.lobbies.count')}
            testId="lobbies-count"
            type="number"
            min={1}
            max={100}
            value={count}
            onChange={setCount}
            className={`${inputClass} w-28`}
          />
          <BusyButton busy={busy} onClick={() => void split()} testId="lobbies-split">
            {t('resultsAdmin.lobbies.split')}
          </BusyButton>
        </div>
      )}
      {split1 && (
        <div className="grid gap-4 lg:grid-cols-2">
          {lobbies.lobbies.map((lobby) => (
            <LobbyCard
              key={lobby.number}
              t={t}
              tournamentId={tournamentId}
              lobby={lobby}
              count={lobbies.lobbies.length}
              locked={locked}
              busy={busy}
              onMove={move}
              onSaved={onSaved}
            />
          ))}
        </div>
      )}
      {lobbies.unassigned.length > 0 && (
        <div className="space-y-2" data-testid="lobbies-unassigned">
          <h3 className="text-sm font-semibold text-amber-200">{t('resultsAdmin.lobbies.unassigned')}</h3>
          <p className="text-xs text-slate-400">{t('resultsAdmin.lobbies.unassignedNote')}</p>
          <EntrantList
            t={t}
            entrants={lobbies.unassigned}
            current={null}
            count={lobbies.lobbies.length}
            disabled={locked || busy}
            onMove={move}
          />
        </div>
      )}
    </section>
  );
}

/** An input with its label above, both inside the label. */
function LabelledInput({
  id,
  label,
  testId,
  onChange,
  className = inputClass,
  ...input
}: {
  id: string;
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <label className="space-y-1 text-sm text-slate-300" htmlFor={id}>
      <span className="block">{label}</span>
      <input id={id} {...input} onChange={(e) => onChange(e.target.value)} className={className} data-testid={testId} />
    </label>
  );
}

/** The entrants of a lobby (or of none, `current` null), each with the select that moves it to another. */
function EntrantList({
  entrants,
  ...row
}: {
  t: Translator;
  entrants: readonly { id: string; name: string }[];
  current: number | null;
  count: number;
  disabled: boolean;
  onMove: (id: string, to: number) => Promise<void>;
}) {
  return (
    <ul className="space-y-2">
      {entrants.map((e) => (
        <EntrantRow key={e.id} id={e.id} name={e.name} {...row} />
      ))}
    </ul>
  );
}

function EntrantRow(p: {
  t: Translator;
  id: string;
  name: string;
  current: number | null;
  count: number;
  disabled: boolean;
  onMove: (id: string, to: number) => Promise<void>;
}) {
  const selectId = `lobby-move-${p.id}`;
  return (
    <li className="flex items-center justify-between gap-3 text-sm" data-testid="lobby-entrant" data-name={p.name}>
      <span className="min-w-0 flex-1 truncate text-slate-100" title={p.name}>
        {p.name}
      </span>
      <label className="sr-only" htmlFor={selectId}>
        {p.t('resultsAdmin.lobbies.moveLabel', { name: p.name })}
      </label>
      <select
        id={selectId}
        className={`${selectClass} max-w-36 shrink-0`}
        value={p.current ?? ''}
        disabled={p.disabled}
        onChange={(e) => void p.onMove(p.id, Number(e.target.value))}
        data-testid="lobby-move"
      >
        {p.current === null && <option value="">{p.t('resultsAdmin.lobbies.none')}</option>}
        <SelectOptions
          options={Array.from(
            { length: p.count },
            (_, i) => [String(i + 1), p.t('resultsAdmin.lobbies.lobby', { n: i + 1 })] as const,
          )}
        />
      </select>
    </li>
  );
}

function LobbyCard(p: {
  t: Translator;
  tournamentId: string;
  lobby: Lobbies['lobbies'][number];
  count: number;
  locked: boolean;
  busy: boolean;
  onMove: (id: string, to: number) => Promise<void>;
  onSaved: (lobbies: Lobbies) => void;
}) {
  const { t, lobby } = p;
  const [code, setCode] = useState(lobby.code ?? '');
  const [from, setFrom] = useState(isoToLocalInput(lobby.codeVisibleFrom));
  const [saving, setSaving] = useState(false);
  const id = (part: string) => `lobby-${lobby.number}-${part}`;
  const save = async () => {
    setSaving(true);
    const res = await call<'PUT /tournaments/:id/lobbies/:number/code'>(
      `/tournaments/${encodeURIComponent(p.tournamentId)}/lobbies/${lobby.number}/code`,
      { method: 'PUT', body: { code: code.trim() || null, visibleFrom: localInputToIso(from) } },
    );
    setSaving(false);
    if (!res.ok) return void toast.error(t.error(res.code));
    toast.success(t('resultsAdmin.lobbies.codeSaved', { n: lobby.number }));
    p.onSaved(res.data);
  };
  const fixed = lobby.matchesWithResults > 0;
  return (
    <div className="space-y-3 rounded-lg border border-line p-4" data-testid={`lobby-${lobby.number}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-100">{t('resultsAdmin.lobbies.lobby', { n: lobby.number })}</h3>
        <span className="text-xs text-slate-400">
          {t('resultsAdmin.lobbies.entrants', { count: lobby.entrants.length })}
        </span>
      </div>
      {fixed && <p className="text-xs text-amber-200">{t('resultsAdmin.lobbies.fixed')}</p>}
      <EntrantList
        t={t}
        entrants={lobby.entrants}
        current={lobby.number}
        count={p.count}
        disabled={p.locked || p.busy || fixed}
        onMove={p.onMove}
      />
      {!p.locked && (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <LabelledInput
            id={id('code')}
            label={t('resultsAdmin.lobbies.code')}
            testId="lobby-code"
            value={code}
            maxLength={64}
            onChange={setCode}
          />
          <LabelledInput
            id={id('from')}
            label={t('resultsAdmin.lobbies.visibleFrom')}
            testId="lobby-code-from"
            type="datetime-local"
            value={from}
            onChange={setFrom}
          />
          <BusyButton
            busy={saving}
            className={secondaryButtonClass}
            onClick={() => void save()}
            testId="lobby-code-save"
          >
            {t('resultsAdmin.lobbies.codeSave')}
          </BusyButton>
        </div>
      )}
    </div>
  );
}
