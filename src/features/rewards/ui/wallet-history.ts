import type { Transaction, Wallet } from '../contract.ts';
import { formatDateTime, formatNumber, formatSigned } from '../rewards-format.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { setCredits } from './credits.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';

type State = 'loading' | 'error' | 'empty' | 'login' | 'list';

/** Entries per page. */
export const WALLET_PAGE_SIZE = 20;

/**
 * <wallet-history>: the player's balance (GET /marketplace/wallets/me, which also refreshes the
 * header) and ledger (GET /marketplace/transactions/{user}, newest first, paged by offset).
 * WalletHistory.astro documents the markup. A stale answer is dropped.
 */
export class WalletHistory extends HTMLElement {
  #labels: Record<string, any> = {};
  #page = 1;
  #total = 0;
  #run = 0;
  #unlisten: (() => void) | null = null;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
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

  get #locale() {
    return this.dataset.locale === 'en' ? 'en' : 'it';
  }

  #t(key: string, vars?: Record<string, string | number>) {
    return translate(this.#labels, key, vars);
  }

  #credits(n: number) {
    return this.#t(n === 1 ? 'creditsOne' : 'creditsOther', { amount: formatNumber(n, this.#locale) });
  }

  get #pages() {
    return Math.max(1, Math.ceil(this.#total / WALLET_PAGE_SIZE));
  }

  #onClick = (e: Event) => {
    const target = e.target as Element;
    if (target.closest('[data-retry]')) void this.#load(this.#page, true);
    else if (target.closest('[data-prev]') && this.#page > 1) void this.#load(this.#page - 1, false);
    else if (target.closest('[data-next]') && this.#page < this.#pages) void this.#load(this.#page + 1, false);
  };

  async #load(page: number, withWallet: boolean) {
    const run = ++this.#run;
    const user = $user.get();
    const token = $token.get();
    if (!user || !token) return this.#show('login');
    const rows = this.querySelector<HTMLElement>('[data-rows]')!;
    if (withWallet) this.#show('loading');
    else rows.setAttribute('aria-busy', 'true');
    this.#setPagerDisabled(true);

    const offset = (page - 1) * WALLET_PAGE_SIZE;
    const [wallet, entries] = await Promise.all([
      withWallet ? api<Wallet>('/marketplace/wallets/me', { base: marketplaceApiBase, token }) : null,
      api<Transaction[]>(`/marketplace/transactions/${encodeURIComponent(user.id)}?limit=${WALLET_PAGE_SIZE}&offset=${offset}`, {
        base: marketplaceApiBase,
        token,
      }),
    ]);
    if (run !== this.#run) return;
    rows.removeAttribute('aria-busy');
    this.#setPagerDisabled(false);
    if ([wallet, entries].some((r) => r && !r.ok && (r.status === 401 || r.status === 403))) return this.#show('login');
    if ((wallet && !wallet.ok) || !entries.ok) {
      if (withWallet) return this.#show('error');
      return this.#updatePager();
    }

    if (wallet?.ok) {
      setCredits(wallet.data.balance);
      this.querySelector('[data-balance]')!.textContent = this.#credits(wallet.data.balance);
    }
    this.#page = page;
    this.#total = entries.total ?? entries.data.length;
    this.querySelector('[data-count]')!.textContent = this.#t(this.#total === 1 ? 'countOne' : 'countOther', { count: formatNumber(this.#total, this.#locale) });
    const template = this.querySelector<HTMLTemplateElement>('template[data-row]')!;
    rows.replaceChildren(...entries.data.map((entry) => this.#row(template, entry)));
    this.#updatePager();
    this.#show(this.#total === 0 ? 'empty' : 'list');
  }

  #row(template: HTMLTemplateElement, entry: Transaction) {
    const row = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    const set = (field: string, text: string) => {
      const el = row.querySelector<HTMLElement>(`[data-field="${field}"]`);
      if (el) el.textContent = text;
      return el;
    };
    const date = formatDateTime(entry.createdAt, this.#locale);
    const type = this.#labels.types?.[entry.type] ?? entry.type;
    set('date', date);
    set('date-mobile', date);
    set('description', entry.description || type);
    set('type', type);
    set('type-mobile', type);
    set('type-tablet', type);
    const amount = set('amount', formatSigned(entry.amount, this.#locale));
    if (amount) amount.dataset.sign = entry.amount > 0 ? 'credit' : entry.amount < 0 ? 'debit' : 'zero';
    set('balance', formatNumber(entry.balanceAfter, this.#locale));
    if (entry.createdBy) {
      const by = set('by', this.#t('by', { name: entry.createdBy.name }));
      if (by) by.hidden = false;
    }
    // on phones the balance column is hidden: the amount cell carries it for screen readers too
    const balance = document.createElement('span');
    balance.className = 'block text-xs font-normal text-slate-400 sm:hidden';
    balance.textContent = this.#t('balanceAfter', { credits: formatNumber(entry.balanceAfter, this.#locale) });
    amount?.append(balance);
    row.dataset.type = entry.type;
    row.dataset.amount = String(entry.amount);
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

if (!customElements.get('wallet-history')) customElements.define('wallet-history', WalletHistory);
