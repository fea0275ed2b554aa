import { useEffect, useState } from 'react';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import type { Competition } from '../../contract.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import Spinner from '../../../../platform/ui/Spinner.tsx';
import { linkClass } from '../../../../platform/ui/ui.ts';
import { idFromLocation, type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import CompetitionForm from './CompetitionForm.tsx';
import FactionScoresEditor from './FactionScoresEditor.tsx';
import EditorLoadError from '../../../../platform/ui/admin/EditorLoadError.tsx';

/** /dashboard/competitions/new and /dashboard/competitions/edit?id=…: the form, and on edit the faction scores. */
export default function CompetitionEditor({ t, locale, section }: SectionProps) {
  const editing = section === 'competitionsEdit';
  const [id] = useState(() => (editing ? idFromLocation() : null));
  const [competition, setCompetition] = useState<Competition | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!editing || !id) return;
    let live = true;
    setFailure(null);
    api<Competition>(`/tournaments/competitions/${encodeURIComponent(id)}`).then((res) => {
      if (!live) return;
      if (res.ok) setCompetition(res.data);
      else setFailure(res.code);
    });
    return () => {
      live = false;
    };
  }, [editing, id, attempt]);

  const back = (
    <a href={localizePath(sectionPath('competitions'), locale)} className={`${linkClass} text-sm`} data-testid="competition-back">
      ← {t('dashboard.competitions.form.backToList')}
    </a>
  );

  if (!editing)
    return (
      <div className="mt-4 space-y-6">
        {back}
        <CompetitionForm t={t} locale={locale} competition={null} onSaved={setCompetition} />
      </div>
    );
  if (!id || failure)
    return (
      <div className="mt-4 space-y-6">
        {back}
        <EditorLoadError t={t} id={id} failure={failure} testId="competition-load-error" onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    );
  if (!competition) return <Spinner label={t('dashboard.competitions.form.loading')} testId="competition-loading" />;
  return (
    <div className="mt-4 space-y-6" data-testid="competition-editor" data-competition-id={competition.id}>
      {back}
      <CompetitionForm t={t} locale={locale} competition={competition} onSaved={(c) => setCompetition((old) => ({ ...c, teams: c.teams ?? old?.teams ?? [] }))} />
      <FactionScoresEditor t={t} competition={competition} onSaved={setCompetition} />
    </div>
  );
}
