import { findCompetitionByPath } from './competition-lookup.ts';

/**
 * <championship-dates data-owner data-path data-locale>: fills the championship page's playoffs
 * and finals labels from the competition's own dates (admin-edited data, not texts), formatted in
 * Rome time in the page's language. Elements inside: [data-stage="playoffs"|"finals"]; a stage with
 * no date set keeps the text the page was built with (the published dates, a production setup's content).
 */
class ChampionshipDates extends HTMLElement {
  async connectedCallback() {
    const { owner = '', path = '', locale = 'it' } = this.dataset;
    const found = await findCompetitionByPath(owner, path);
    if (!found.ok || !found.competition) return;
    const c = found.competition;
    const format = (iso: string) =>
      new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'it-IT', {
        timeZone: 'Europe/Rome',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(iso));
    const fill = (stage: string, text: string) => {
      const el = this.querySelector<HTMLElement>(`[data-stage="${stage}"]`);
      if (el) el.textContent = text;
    };
    if (c.playoffsAt) fill('playoffs', format(c.playoffsAt));
    if (c.finalsAt) fill('finals', [format(c.finalsAt), c.finalsCity].filter(Boolean).join(' · '));
  }
}

if (!customElements.get('championship-dates')) customElements.define('championship-dates', ChampionshipDates);
