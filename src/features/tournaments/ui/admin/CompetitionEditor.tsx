import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import CompetitionForm from './CompetitionForm.tsx';
import FactionScoresEditor from './FactionScoresEditor.tsx';
import { EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
import { editorPage } from '../../../../platform/ui/admin/editor-page.ts';
import { api } from '../../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../../endpoints.ts';

const call: TypedCall<TournamentsApi> = api;

/** /dashboard/competitions/new and /dashboard/competitions/edit?id=…: the form, and on edit the faction scores. */
export default function CompetitionEditor({ t, locale, section, agencyName = '' }: SectionProps) {
  const editor = useEditorRecord(section === 'competitionsEdit', (id) =>
    call<'GET /tournaments/competitions/:id'>(`/tournaments/competitions/${encodeURIComponent(id)}`),
  );
  const { setRecord: setCompetition } = editor;
  const page = editorPage(t, locale, { list: 'competitions', name: 'competition', ns: 'dashboard.competitions.form' });
  return (
    <EditorFrame {...page} editor={editor} loading={t('dashboard.competitions.form.loading')} recordId={(c) => c.id}>
      {(competition) =>
        competition ? (
          <>
            <CompetitionForm
              t={t}
              page={page}
              agencyName={agencyName}
              competition={competition}
              onSaved={(c) => setCompetition((old) => ({ ...c, teams: c.teams ?? old?.teams ?? [] }))}
            />
            <FactionScoresEditor t={t} locale={locale} competition={competition} onSaved={setCompetition} />
          </>
        ) : (
          <CompetitionForm t={t} page={page} agencyName={agencyName} competition={null} onSaved={setCompetition} />
        )
      }
    </EditorFrame>
  );
}
