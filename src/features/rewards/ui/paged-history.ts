import { formatNumber } from '../rewards-format.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';
import type { User } from '../../accounts/contract.ts';

type State = 'loading' | 'error' | 'empty' | 'login' | 'list';

/** Entries per page of a player's history. */
export const HISTORY_PAGE_SIZE = 20;

/** One page of a history, or why there is none: the session is gone (`login`) or the read failed. */
export type PageAnswer<Row> = { ok: true; rows: Row[]; total: number } | { ok: false; login: boolean };

export interface PageRequest {
  user: User;
  token: string;
  offset: number;
  limit: number;
  /** the first page shown (or shown again after an error or a new session): the summary reads too */
  fresh: boolean;
}

/**
 * A player's paged history, filled in the browser into the markup of HistoryFrame.astro: the
 * summary, the rows cloned from the row template, the pager and the states. A subclass reads a
 * page and fills one row. Logging in or out reloads it; a stale answer is dropped.
 */
export abstract class PagedHistory<Row> extends HTMLElement {
  // the texts HistoryFrame.astro rendered for this page: strings, and `types` (a name per ledger entry type)
  protected labels: Record<string, string> & { types?: Record<string, string> } = {};
  #page = 1;
  #total = 0;
  #run = 0;
  #unlisten: (() => void) | null = null;

  protected abstract readPage(request: PageRequest): Promise<PageAnswer<Row>>;
  protected abstract fillRow(row: HTMLElement, entry: Row): void;

  connectedCallback() {
    this.labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    this.addEventListener('click', this.#onClick);
    if ($sessionLoading.get()) loadSession();
    this.#unlisten = $token.listen(() => void this.#load(1, true));
    void this.#load(1, true);
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.#onClick);
    this.#unlisten?.();
    this.#run++;
  }

  protected get locale() {
    return this.dataset.locale === 'en' ? 'en' : 'it';
  }

  protected t(key: string, vars?: Record<string, string | number>) {
    return translate(this.labels, key, vars);
  }

  protected credits(n: number) {
    return this.t(n === 1 ? 'creditsOne' : 'creditsOther', { amount: formatNumber(n, this.locale) });
  }

  get #pages() {
    return Math.max(1, Math.ceil(this.#total / HISTORY_PAGE_SIZE));
  }

  #onClick = (e: Event) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) void this.#load(this.#page, true);
    else if (target.closest('[data-prev]') && this.#page > 1) void this.#load(this.#page - 1, false);
    else if (target.closest('[data-next]') && this.#page < this.#pages) void this.#load(this.#page + 1, false);
  };

  async #load(page: number, fresh: boolean) {
    const run = ++this.#run;
    const user = $user.get();
    const token = $token.get();
    if (!user || !token) return this.#show('login');
    const rows = this.querySelector<HTMLElement>('[data-rows]')!;
    // nothing shown yet (or an error): the whole list is loading; else only the rows are busy
    fresh ||= this.querySelector('[data-list]')!.hasAttribute('hidden');
    if (fresh) this.#show('loading');
    else rows.setAttribute('aria-busy', 'true');
    this.#setPagerDisabled(true);

    const answer = await this.readPage({
      user,
      token,
      offset: (page - 1) * HISTORY_PAGE_SIZE,
      limit: HISTORY_PAGE_SIZE,
      fresh,
    });
    if (run !== this.#run) return;
    rows.removeAttribute('aria-busy');
    this.#setPagerDisabled(false);
    if (!answer.ok) {
      if (answer.login) return this.#show('login');
      if (fresh) return this.#show('error');
      return this.#updatePager();
    }
    this.#page = page;
    this.#total = answer.total;
    this.querySelector('[data-count]')!.textContent = this.t(this.#total === 1 ? 'countOne' : 'countOther', {
      count: formatNumber(this.#total, this.locale),
    });
    const template = this.querySelector<HTMLTemplateElement>('template[data-row]')!;
    rows.replaceChildren(
      ...answer.rows.map((entry) => {
        const row = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
        this.fillRow(row, entry);
        return row;
      }),
    );
    this.#updatePager();
    this.#show(this.#total === 0 ? 'empty' : 'list');
  }

  #setPagerDisabled(disabled: boolean) {
    this.querySelectorAll<HTMLButtonElement>('[data-prev], [data-next]').forEach((b) => (b.disabled = disabled));
  }

  #updatePager() {
    const pager = this.querySelector<HTMLElement>('[data-pager]')!;
    pager.hidden = this.#pages <= 1;
    this.querySelector('[data-page-status]')!.textContent = this.t('status', { page: this.#page, pages: this.#pages });
    this.querySelector<HTMLButtonElement>('[data-prev]')!.disabled = this.#page <= 1;
    this.querySelector<HTMLButtonElement>('[data-next]')!.disabled = this.#page >= this.#pages;
  }

  #show(state: State) {
    this.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
    this.querySelector<HTMLElement>('[data-list]')!.hidden = state !== 'list';
    this.querySelector<HTMLElement>('[data-summary]')!.hidden = state !== 'list' && state !== 'empty';
  }
}

/** A field of a cloned row, by its `data-field` name. */
export const fieldOf = (row: HTMLElement, name: string) => row.querySelector<HTMLElement>(`[data-field="${name}"]`);
