import { competitionHref } from '../competition-link.ts';
import { listCompetitions, type CompetitionSummary } from './competition-lookup.ts';

/** <competition-grid>: the owner's competitions as cards (markup and texts in CompetitionGrid.astro). */
export class CompetitionGrid extends HTMLElement {
  async connectedCallback() {
    const res = await listCompetitions(this.dataset.owner ?? '');
    if (!res.ok) return this.#show('error');
    if (!res.data.length) return this.#show('empty');
    const games: Record<string, string> = JSON.parse(this.querySelector('script[data-games]')?.textContent || '{}');
    const template = this.querySelector<HTMLTemplateElement>('template[data-card]')!;
    const list = this.querySelector<HTMLUListElement>('[data-list]')!;
    list.replaceChildren(...res.data.map((c) => this.#card(template, c, games)));
    this.#show('list');
  }

  #card(template: HTMLTemplateElement, c: CompetitionSummary, games: Record<string, string>) {
    const card = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const field = <E extends HTMLElement = HTMLElement>(name: string) =>
      card.querySelector<E>(`[data-field="${name}"]`)!;
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    // a site path opens in the page's language; another site's https address as it is; nothing else
    field<HTMLAnchorElement>('link').href = competitionHref(c.url, locale) || '#';
    if (c.thumbnail) field<HTMLImageElement>('thumbnail').src = c.thumbnail;
    field('name').textContent = c.name;
    field('game').textContent = games[c.game] ?? c.game;
    card.dataset.competitionId = c.id;
    return card;
  }

  #show(state: 'error' | 'empty' | 'list') {
    this.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
    this.querySelector<HTMLElement>('[data-list]')!.hidden = state !== 'list';
  }
}

if (!customElements.get('competition-grid')) customElements.define('competition-grid', CompetitionGrid);
