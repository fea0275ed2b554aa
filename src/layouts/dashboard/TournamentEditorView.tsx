import TournamentEditor from '../../features/tournaments/ui/admin/TournamentEditor.tsx';
import ResultsPanel from '../../features/results/ui/admin/ResultsPanel.tsx';
import PrizesPanel from '../../features/results/ui/admin/PrizesPanel.tsx';
import TeamsPanel from '../../features/results/ui/admin/TeamsPanel.tsx';
import BracketPanel from '../../features/brackets/ui/admin/BracketPanel.tsx';
import { entrantSize } from '../../features/results/contract.ts';
import type { SectionProps } from '../../platform/ui/admin/section-props.ts';

/**
 * The tournament editor as the dashboard shows it: the tournaments domain's editor with the results domain's Results
 * tab (scoring, teams, matches, standings) and Prizes tab (prizes, finalising), and the brackets domain's Bracket tab
 * (under the results domain's teams, in a duo, trio or squad bracket).
 * Domains do not import each other's UI, so the shell joins them.
 */
export default function TournamentEditorView(props: SectionProps) {
  return (
    <TournamentEditor
      {...props}
      resultsTab={(p) => <ResultsPanel {...p} />}
      bracketTab={(p) => (
        <div className="space-y-6">
          {entrantSize(p.teamSize) > 1 && <TeamsPanel {...p} />}
          <BracketPanel {...p} />
        </div>
      )}
      prizesTab={(p) => <PrizesPanel {...p} />}
    />
  );
}
