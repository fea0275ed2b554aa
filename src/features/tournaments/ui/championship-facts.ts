import { championshipFacts, fillChampionship } from '../championship.ts';
import { findCompetitionByPath } from './competition-lookup.ts';

/**
 * <championship-facts data-owner data-path data-locale>: fills every text of the page that names the
 * championship's name, year or dates (`[data-championship-template]`, the text's template from the
 * catalogue) from the competition whose landing page is `path`: the data admins edit. The page is built
 * with the published defaults (championship.ts); without an answer it keeps them. `data-title` and
 * `data-title-template` name the page's title as built and its template, when the title names it. `data-state` says
 * which: `ready` once the competition's data is in, `defaults` when there is none.
 */
class ChampionshipFactsElement extends HTMLElement {
  async connectedCallback() {
    const { owner = '', path = '', locale = 'it' } = this.dataset;
    const found = await findCompetitionByPath(owner, path);
    if (!found.ok || !found.competition) {
      this.dataset.state = 'defaults';
      return;
    }
    const facts = championshipFacts(found.competition, locale === 'en' ? 'en' : 'it');
    for (const el of document.querySelectorAll<HTMLElement>('[data-championship-template]'))
      el.textContent = fillChampionship(el.dataset.championshipTemplate ?? '', facts);
    // the page's title too, when it names the championship (`data-title`: the built one, `data-title-template`)
    const { title, titleTemplate } = this.dataset;
    if (title && titleTemplate) document.title = document.title.replace(title, fillChampionship(titleTemplate, facts));
    this.dataset.state = 'ready';
  }
}

if (!customElements.get('championship-facts')) customElements.define('championship-facts', ChampionshipFactsElement);
