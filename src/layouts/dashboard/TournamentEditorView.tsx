import TournamentEditor from '../../features/tournaments/ui/admin/TournamentEditor.tsx';
import ResultsPanel from '../../features/results/ui/admin/ResultsPanel.tsx';
import PrizesPanel from '../../features/results/ui/admin/PrizesPanel.tsx';
import BracketPanel from '../../features/brackets/ui/admin/BracketPanel.tsx';
import type { SectionProps } from '../../platform/ui/admin/section-props.ts';

/**
 * The tournament editor as the dashboard shows it: the tournaments domain's editor with the results domain's Results
 * tab (scoring, teams, matches, standings) and Prizes tab (prizes, finalising), and the brackets domain's Bracket tab.
 * Domains do not import each other's UI, so the shell joins them.
 */
export default function TournamentEditorView(props: SectionProps) {
  return (
    <TournamentEditor
      {...props}
      resultsTab={(p) => <ResultsPanel {...p} />}
      bracketTab={(p) => <BracketPanel {...p} />}
      prizesTab={(p) => <PrizesPanel {...p} />}
    />
  );
}
