import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { localizePath } from '../../../../platform/i18n/i18n.ts';
import { type SectionProps } from '../../../../platform/ui/admin/section-props.ts';
import CompetitionForm from './CompetitionForm.tsx';
import FactionScoresEditor from './FactionScoresEditor.tsx';
import { EditorFrame, useEditorRecord } from '../../../../platform/ui/admin/EditorFrame.tsx';
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
  return (
    <EditorFrame
      t={t}
      editor={editor}
      name="competition"
      back={{
        href: localizePath(sectionPath('competitions'), locale),
        label: t('dashboard.competitions.form.backToList'),
      }}
      loading={t('dashboard.competitions.form.loading')}
      recordId={(c) => c.id}
    >
      {(competition) =>
        competition ? (
          <>
            <CompetitionForm
              t={t}
              locale={locale}
              agencyName={agencyName}
              competition={competition}
              onSaved={(c) => setCompetition((old) => ({ ...c, teams: c.teams ?? old?.teams ?? [] }))}
            />
            <FactionScoresEditor t={t} competition={competition} onSaved={setCompetition} />
          </>
        ) : (
          <CompetitionForm t={t} locale={locale} agencyName={agencyName} competition={null} onSaved={setCompetition} />
        )
      }
    </EditorFrame>
  );
}
