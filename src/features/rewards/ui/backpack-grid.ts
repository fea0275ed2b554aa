import { backpackEntries, safeIcon, type BackpackEntry } from '../backpack-view.ts';
import { formatNumber } from '../rewards-format.ts';
import { formatDate } from '../../../platform/i18n/date-time.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

type State = 'loading' | 'error' | 'empty' | 'login' | 'list';

/**
 * <backpack-grid>: loads every badge (GET /marketplace/badges) and the player's earned ones
 * (GET /marketplace/backpack/{user}) and fills the server-rendered card template; a card opens
 * the detail <dialog>. BackpackGrid.astro documents the markup. A stale answer is dropped.
 */
export class BackpackGrid extends HTMLElement {
  #labels: Record<string, string> = {};
  #entries: BackpackEntry[] = [];
  #run = 0;
  #unlisten: (() => void) | null = null;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    this.addEventListener('click', this.#onClick);
    if ($sessionLoading.get()) loadSession();
    this.#unlisten = $token.listen(() => void this.#load());
    void this.#load();
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.#onClick);
    this.#unlisten?.();
    this.#run++;
  }

  get #locale() {
    return this.dataset.locale === 'en' ? 'en' : 'it';
  }

  #t(key: string, vars?: Record<string, string | number>) {
    return translate(this.#labels, key, vars);
  }

  #onClick = (e: Event) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) return void this.#load();
    const card = target.closest<HTMLElement>('[data-index]');
    if (card) this.#open(this.#entries[Number(card.dataset.index)]);
  };

  async #load() {
    const run = ++this.#run;
    const user = $user.get();
    const token = $token.get();
    if (!user || !token) return this.#show('login');
    this.#show('loading');
    const [badges, earned] = await Promise.all([
      call<'GET /marketplace/badges'>('/marketplace/badges', { base: marketplaceApiBase }),
      call<'GET /marketplace/backpack/:user'>(`/marketplace/backpack/${encodeURIComponent(user.id)}`, {
        base: marketplaceApiBase,
        token,
      }),
    ]);
    if (run !== this.#run) return;
    if (!earned.ok && (earned.status === 401 || earned.status === 403)) return this.#show('login');
    if (!badges.ok || !earned.ok) return this.#show('error');

    this.#entries = backpackEntries(badges.data, earned.data);
    const list = this.querySelector<HTMLUListElement>('[data-list]')!;
    const template = this.querySelector<HTMLTemplateElement>('template[data-card]')!;
    list.replaceChildren(...this.#entries.map((entry, i) => this.#card(template, entry, i)));
    const summary = this.querySelector<HTMLElement>('[data-summary]')!;
    const earnedCount = this.#entries.filter((e) => e.count > 0).length;
    summary.textContent = this.#t('summary', { earned: earnedCount, total: this.#entries.length });
    this.#show(this.#entries.length ? 'list' : 'empty');
  }

  #status(entry: BackpackEntry, long: boolean) {
    if (!entry.earnedAt) return this.#t(long ? 'lockedLong' : 'locked');
    if (entry.count > 1)
      return this.#t('earnedTimes', { count: entry.count, date: formatDate(entry.lastEarnedAt!, this.#locale) });
    return this.#t('earnedOn', { date: formatDate(entry.earnedAt, this.#locale) });
  }

  #card(template: HTMLTemplateElement, entry: BackpackEntry, index: number) {
    const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const button = item.querySelector<HTMLButtonElement>('button')!;
    button.dataset.index = String(index);
    button.dataset.earned = String(entry.count > 0);
    button.dataset.testid = `backpack-badge-${entry.badge.slug || entry.badge._id}`;
    button.setAttribute('aria-haspopup', 'dialog');
    this.#fillIcon(item, entry.badge.icon);
    item.querySelector('[data-name]')!.textContent = entry.badge.name;
    item.querySelector('[data-status]')!.textContent = this.#status(entry, false);
    return item;
  }

  #fillIcon(root: Element, icon: string) {
    const src = safeIcon(icon);
    const img = root.querySelector<HTMLImageElement>('img[data-icon]')!;
    const fallback = root.querySelector<SVGElement>('[data-icon-fallback]')!;
    img.hidden = !src;
    fallback.style.display = src ? 'none' : '';
    if (src) img.src = src;
    else img.removeAttribute('src');
  }

  #open(entry: BackpackEntry | undefined) {
    const dialog = this.querySelector('dialog');
    if (!entry || !dialog) return;
    const earned = String(entry.count > 0);
    dialog.querySelector<HTMLElement>('[data-icon-wrap]')!.dataset.earned = earned;
    this.#fillIcon(dialog, entry.badge.icon);
    dialog.querySelector('[data-name]')!.textContent = entry.badge.name;
    dialog.querySelector('[data-description]')!.textContent = entry.badge.description;
    dialog.querySelector('[data-status]')!.textContent = this.#status(entry, true);
    const reward = dialog.querySelector<HTMLElement>('[data-reward]')!;
    const credits = entry.badge.credits;
    const amount = this.#t(credits === 1 ? 'creditsOne' : 'creditsOther', {
      amount: formatNumber(credits, this.#locale),
    });
    reward.textContent = this.#t('reward', { reward: amount });
    reward.hidden = credits <= 0;
    dialog.showModal();
  }

  #show(state: State) {
    this.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
    this.querySelector<HTMLElement>('[data-list]')!.hidden = state !== 'list';
    this.querySelector<HTMLElement>('[data-summary]')!.hidden = state !== 'list';
  }
}

if (!customElements.get('backpack-grid')) customElements.define('backpack-grid', BackpackGrid);
