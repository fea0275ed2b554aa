import { cardView, type CardLabels } from '../tournament-view.ts';
import { fillCardName } from './card-name.ts';
import type { Badge } from '../rules.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import { $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';
import { findCompetitionByPath } from './competition-lookup.ts';

const call: TypedCall<TournamentsApi> = api;

type Labels = CardLabels & { phases: Record<Badge, string> };
type State = 'loading' | 'error' | 'empty' | 'login' | 'list';

/**
 * <tournament-grid>: fetches a page of tournaments and fills the server-rendered card template
 * (TournamentGrid.astro documents the markup). Modes: `all`; `mine` (the stored user's own, with
 * the token; a visitor sees the login block); `competition` (the tournaments of the competition
 * whose url is `data-competition-path`). A stale answer (session changed meanwhile) is dropped.
 */
export class TournamentGrid extends HTMLElement {
  #labels!: Labels;
  #offset = 0;
  #run = 0;
  #unlisten: (() => void) | null = null;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    this.addEventListener('click', this.#onClick);
    if (this.dataset.mode === 'mine') {
      if ($sessionLoading.get()) loadSession();
      // logging in or out in another tab changes whose tournaments these are
      this.#unlisten = $token.listen(() => void this.#reload());
    }
    void this.#reload();
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.#onClick);
    this.#unlisten?.();
    this.#run++;
  }

  #onClick = (e: Event) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) void this.#reload();
    else if (target.closest('[data-more]')) void this.#load(false);
  };

  #reload() {
    this.#offset = 0;
    this.#list.replaceChildren();
    return this.#load(true);
  }

  get #list() {
    return this.querySelector<HTMLUListElement>('[data-list]')!;
  }

  async #load(first: boolean) {
    const run = ++this.#run;
    const more = this.querySelector<HTMLButtonElement>('[data-more]');
    if (first) this.#show('loading');
    if (more) more.disabled = true;
    this.#list.setAttribute('aria-busy', 'true');

    const query = await this.#query();
    if (run !== this.#run) return;
    if (query === 'login') return this.#show('login');
    if (query === null) return this.#show('error');

    const limit = Number(this.dataset.limit) || 12;
    const params = [query, `limit=${limit}`, `offset=${this.#offset}`].filter(Boolean).join('&');
    const res = await call<'GET /tournaments'>(`/tournaments?${params}`);
    if (run !== this.#run) return;
    this.#list.removeAttribute('aria-busy');
    if (more) more.disabled = false;
    if (!res.ok) return first ? this.#show('error') : undefined;

    const template = this.querySelector<HTMLTemplateElement>('template[data-card]')!;
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    const now = Date.now();
    for (const t of res.data) this.#list.append(this.#card(template, cardView(t, locale, this.#labels, now)));
    this.#offset += res.data.length;
    this.#show(this.#offset === 0 ? 'empty' : 'list');
    const total = res.total ?? this.#offset;
    const wrap = this.querySelector<HTMLElement>('[data-more-wrap]');
    if (wrap) wrap.hidden = !(this.dataset.paged === 'true' && res.data.length > 0 && this.#offset < total);
  }

  /** The filter part of the query string; 'login' when the visitor must log in first, null on failure. */
  async #query(): Promise<string | null | 'login'> {
    const mode = this.dataset.mode;
    if (mode === 'mine') {
      const user = $user.get();
      if (!user || !$token.get()) return 'login';
      return `members=${encodeURIComponent(user.id)}&showAllTournament=true`;
    }
    if (mode === 'competition') {
      const found = await findCompetitionByPath(this.dataset.owner ?? '', this.dataset.competitionPath ?? '');
      if (!found.ok) return null;
      // no such competition yet: an empty list, not an error
      return `competitionId=${encodeURIComponent(found.competition?.id ?? '-')}`;
    }
    return '';
  }

  #card(template: HTMLTemplateElement, v: ReturnType<typeof cardView>) {
    const card = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const field = <E extends HTMLElement = HTMLElement>(name: string) =>
      card.querySelector<E>(`[data-field="${name}"]`);
    const link = field<HTMLAnchorElement>('link');
    if (link) link.href = `${this.dataset.detailBase ?? '/tournament/'}${encodeURIComponent(v.id)}`;
    const img = field<HTMLImageElement>('thumbnail');
    if (img && v.thumbnail) img.src = v.thumbnail;
    const phase = field('phase');
    if (phase) {
      phase.dataset.phase = v.phase;
      phase.dataset.badge = v.badge;
      phase.textContent = this.#labels.phases?.[v.badge] ?? v.badge;
    }
    const title = field('name');
    if (title) fillCardName(title, v.name);
    for (const name of ['game', 'consoles', 'date', 'players'] as const) {
      const el = field(name);
      if (el) el.textContent = v[name];
    }
    card.dataset.tournamentId = v.id;
    return card;
  }

  #show(state: State) {
    this.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
    this.#list.hidden = state !== 'list';
    // content below the grid moves when the skeletons give way; a page that scrolled to a hash
    // target listens for this to realign (home's #faq and #partners)
    if (state !== 'loading') this.dispatchEvent(new CustomEvent('grid:settled', { bubbles: true }));
    if (state !== 'list') {
      const wrap = this.querySelector<HTMLElement>('[data-more-wrap]');
      if (wrap) wrap.hidden = true;
    }
  }
}

if (!customElements.get('tournament-grid')) customElements.define('tournament-grid', TournamentGrid);
