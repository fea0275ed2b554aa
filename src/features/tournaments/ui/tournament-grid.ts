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
type State = 'loading' | 'error' | 'empty' | 'nomatch' | 'login' | 'list';
/** The filters a form inside the grid holds (TournamentFilters.astro), in the order the address names them. */
const FILTERS = ['q', 'game', 'platform', 'phase', 'teamSize'] as const;
/** A shared link asks for at most this many pages at once. */
const MAX_PAGES = 20;

/**
 * <tournament-grid>: fetches a page of tournaments and fills the server-rendered card template
 * (TournamentGrid.astro documents the markup). Modes: `all`; `mine` (the stored user's own, with
 * the token; a visitor sees the login block); `competition` (the tournaments of the competition
 * whose url is `data-competition-path`). A stale answer (session changed meanwhile) is dropped.
 * With a filters form inside, the `all` list is the address's: `?q=…&game=…&platform=…&phase=…&teamSize=…&page=…`
 * fills the form (a value the form does not offer is no filter), each change is written back with
 * replaceState (so Back leaves the list as it was, and a shared link shows the same), and `page` is
 * how many pages "load more" has shown.
 */
export class TournamentGrid extends HTMLElement {
  #labels!: Labels;
  #offset = 0;
  #run = 0;
  #unlisten: (() => void) | null = null;
  #form: HTMLFormElement | null = null;
  /** how many pages the list shows (the address's `page`) */
  #pages = 1;
  #applied = '';
  #typing = 0;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    this.addEventListener('click', this.#onClick);
    this.#form = this.querySelector('form[data-filters]');
    if (this.#form) {
      this.#readAddress();
      this.#writeAddress();
      this.#form.addEventListener('input', this.#onInput);
      this.#form.addEventListener('submit', this.#onSubmit);
      window.addEventListener('popstate', this.#onPopState);
    }
    if (this.dataset.mode === 'mine') {
      if ($sessionLoading.get()) loadSession();
      // logging in or out in another tab changes whose tournaments these are
      this.#unlisten = $token.listen(() => void this.#reload());
    }
    void this.#reload();
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.#onClick);
    this.#form?.removeEventListener('input', this.#onInput);
    this.#form?.removeEventListener('submit', this.#onSubmit);
    window.removeEventListener('popstate', this.#onPopState);
    clearTimeout(this.#typing);
    this.#unlisten?.();
    this.#run++;
  }

  #onClick = (e: Event) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) void this.#reload();
    else if (target.closest('[data-more]')) {
      if (this.#form) {
        this.#pages++;
        this.#writeAddress();
      }
      void this.#load(false);
    } else if (this.#form && target.closest('[data-clear]')) {
      e.preventDefault();
      this.#form.reset();
      this.#apply();
      this.#form.querySelector<HTMLInputElement>('[name="q"]')?.focus();
    }
  };

  // typing waits for a pause (300 ms), a select applies at once
  #onInput = (e: Event) => {
    clearTimeout(this.#typing);
    this.#typing = window.setTimeout(() => this.#apply(), (e.target as Element).matches('select') ? 0 : 300);
  };

  #onSubmit = (e: Event) => {
    e.preventDefault();
    clearTimeout(this.#typing);
    this.#apply();
  };

  #onPopState = () => {
    this.#readAddress();
    if (this.#filterQuery() !== this.#applied) void this.#reload();
  };

  /** A changed filter: back to the first page, in the address and the list. */
  #apply() {
    if (this.#filterQuery() === this.#applied) return;
    this.#pages = 1;
    this.#writeAddress();
    void this.#reload();
  }

  #readAddress() {
    const params = new URLSearchParams(location.search);
    for (const name of FILTERS) {
      const field = this.#form!.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
      field.value = (params.get(name) ?? '').slice(0, 120);
      // an old or mistyped link's value is no filter
      if (field instanceof HTMLSelectElement && field.selectedIndex < 0) field.selectedIndex = 0;
    }
    const page = Number(params.get('page'));
    this.#pages = Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGES) : 1;
  }

  /** The form's filters as the address names them (only those set). */
  #filterQuery() {
    if (!this.#form) return '';
    const data = new FormData(this.#form);
    const set = FILTERS.map((k) => [k, String(data.get(k) ?? '').trim()]).filter(([, v]) => v);
    return new URLSearchParams(set).toString();
  }

  #writeAddress() {
    const params = new URLSearchParams(this.#filterQuery());
    if (this.#pages > 1) params.set('page', String(this.#pages));
    const query = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  }

  #reload() {
    this.#applied = this.#filterQuery();
    this.#offset = 0;
    this.#list.replaceChildren();
    return this.#load(true);
  }

  get #list() {
    return this.querySelector<HTMLUListElement>('[data-list]')!;
  }

  async #load(first: boolean): Promise<void> {
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
    this.#show(this.#offset > 0 ? 'list' : this.#applied ? 'nomatch' : 'empty');
    const total = res.total ?? this.#offset;
    const hasMore = res.data.length > 0 && this.#offset < total;
    const wrap = this.querySelector<HTMLElement>('[data-more-wrap]');
    if (wrap) wrap.hidden = !(this.dataset.paged === 'true' && hasMore);
    if (!this.#form) return;
    const found = this.querySelector<HTMLElement>('[data-found]');
    if (found && first)
      found.textContent = this.#offset
        ? (found.dataset.foundText ?? '').replace('{count}', String(total))
        : (found.dataset.nomatchText ?? '');
    // a shared link's pages, one after the other; fewer when the list has fewer now
    if (hasMore && this.#offset < limit * this.#pages) return this.#load(false);
    const shown = Math.max(1, Math.ceil(this.#offset / limit));
    if (shown < this.#pages) {
      this.#pages = shown;
      this.#writeAddress();
    }
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
    // the page's `q` is the API's `search`
    return this.#applied.replace(/(^|&)q=/, '$1search=');
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

  #show(state: State): void {
    this.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
    this.#list.hidden = state !== 'list';
    // content below the grid moves when the skeletons give way; a page that scrolled to a hash
    // target listens for this to realign (home's #faq and #partners)
    if (state === 'nomatch' && !this.querySelector('[data-state="nomatch"]')) return this.#show('empty');
    if (state !== 'loading') this.dispatchEvent(new CustomEvent('grid:settled', { bubbles: true }));
    if (state !== 'list') {
      const wrap = this.querySelector<HTMLElement>('[data-more-wrap]');
      if (wrap) wrap.hidden = true;
    }
  }
}

if (!customElements.get('tournament-grid')) customElements.define('tournament-grid', TournamentGrid);
