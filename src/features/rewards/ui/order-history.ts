import type { Purchase } from '../contract.ts';
import { safeIcon } from '../backpack-view.ts';
import { formatDate, formatDateTime, formatNumber } from '../rewards-format.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';

type State = 'loading' | 'error' | 'empty' | 'login' | 'list';

/** Orders per page. */
export const ORDERS_PAGE_SIZE = 20;

/**
 * <order-history>: the player's own purchases (GET /marketplace/purchases/user/{me}, newest first,
 * paged by offset; the API refuses anyone else's), with the shipping state the admin sets when
 * fulfilling an order. OrderHistory.astro documents the markup. A stale answer is dropped.
 */
export class OrderHistory extends HTMLElement {
  #labels: Record<string, string> = {};
  #page = 1;
  #total = 0;
  #run = 0;
  #unlisten: (() => void) | null = null;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    this.addEventListener('click', this.#onClick);
    if ($sessionLoading.get()) loadSession();
    this.#unlisten = $token.listen(() => void this.#load(1));
    void this.#load(1);
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

  get #pages() {
    return Math.max(1, Math.ceil(this.#total / ORDERS_PAGE_SIZE));
  }

  #onClick = (e: Event) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) void this.#load(this.#page);
    else if (target.closest('[data-prev]') && this.#page > 1) void this.#load(this.#page - 1);
    else if (target.closest('[data-next]') && this.#page < this.#pages) void this.#load(this.#page + 1);
  };

  async #load(page: number) {
    const run = ++this.#run;
    const user = $user.get();
    const token = $token.get();
    if (!user || !token) return this.#show('login');
    const rows = this.querySelector<HTMLElement>('[data-rows]')!;
    const first = this.querySelector('[data-list]')!.hasAttribute('hidden');
    if (first) this.#show('loading');
    else rows.setAttribute('aria-busy', 'true');
    this.#setPagerDisabled(true);

    const offset = (page - 1) * ORDERS_PAGE_SIZE;
    const res = await api<Purchase[]>(`/marketplace/purchases/user/${encodeURIComponent(user.id)}?limit=${ORDERS_PAGE_SIZE}&offset=${offset}`, {
      base: marketplaceApiBase,
      token,
    });
    if (run !== this.#run) return;
    rows.removeAttribute('aria-busy');
    this.#setPagerDisabled(false);
    if (!res.ok) {
      if (res.status === 401 || res.status === 403) return this.#show('login');
      if (first) return this.#show('error');
      return this.#updatePager();
    }
    this.#page = page;
    this.#total = res.total ?? res.data.length;
    this.querySelector('[data-count]')!.textContent = this.#t(this.#total === 1 ? 'countOne' : 'countOther', { count: formatNumber(this.#total, this.#locale) });
    const template = this.querySelector<HTMLTemplateElement>('template[data-row]')!;
    rows.replaceChildren(...res.data.map((order) => this.#row(template, order)));
    this.#updatePager();
    this.#show(this.#total === 0 ? 'empty' : 'list');
  }

  #row(template: HTMLTemplateElement, order: Purchase) {
    const row = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const field = (name: string) => row.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
    const date = formatDateTime(order.createdAt, this.#locale);
    // the name and picture at the time of purchase: what the player bought, even if renamed since
    field('product').textContent = order.productName;
    field('date').textContent = date;
    field('date-mobile').textContent = date;
    const image = field('image') as HTMLImageElement;
    const src = safeIcon(order.productImage);
    if (src) image.src = src;
    else image.hidden = true;
    // on phones the price column is hidden: the product cell carries it, next to the date
    const price = order.price === 0 ? this.#labels.free : this.#t(order.price === 1 ? 'creditsOne' : 'creditsOther', { amount: formatNumber(order.price, this.#locale) });
    field('price').textContent = price;
    field('price-mobile').textContent = price;
    const status = field('status');
    status.dataset.shipped = String(order.fulfilled);
    // a short pill that fits a phone's column; the shipping date on its own line under it
    status.textContent = order.fulfilled ? this.#labels.shipped : this.#labels.pending;
    const shippedOn = field('shipped-on');
    shippedOn.textContent = order.fulfilled && order.fulfilledAt ? formatDate(order.fulfilledAt, this.#locale) : '';
    shippedOn.hidden = !shippedOn.textContent;
    row.dataset.productId = order.productId;
    row.dataset.shipped = String(order.fulfilled);
    return row;
  }

  #setPagerDisabled(disabled: boolean) {
    this.querySelectorAll<HTMLButtonElement>('[data-prev], [data-next]').forEach((b) => (b.disabled = disabled));
  }

  #updatePager() {
    const pager = this.querySelector<HTMLElement>('[data-pager]')!;
    pager.hidden = this.#pages <= 1;
    this.querySelector('[data-page-status]')!.textContent = this.#t('status', { page: this.#page, pages: this.#pages });
    this.querySelector<HTMLButtonElement>('[data-prev]')!.disabled = this.#page <= 1;
    this.querySelector<HTMLButtonElement>('[data-next]')!.disabled = this.#page >= this.#pages;
  }

  #show(state: State) {
    this.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
    this.querySelector<HTMLElement>('[data-list]')!.hidden = state !== 'list';
    this.querySelector<HTMLElement>('[data-summary]')!.hidden = state !== 'list' && state !== 'empty';
  }
}

if (!customElements.get('order-history')) customElements.define('order-history', OrderHistory);
