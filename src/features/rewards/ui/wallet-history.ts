import type { Transaction } from '../contract.ts';
import { formatNumber, formatSigned, textIn } from '../rewards-format.ts';
import { formatDateTime } from '../../../platform/i18n/date-time.ts';
import { ledgerKindOf } from '../ledger-kind.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { setCredits } from './credits.ts';
import { fieldOf, PagedHistory, type PageAnswer, type PageRequest } from './paged-history.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/**
 * <wallet-history>: the player's balance (GET /marketplace/wallets/me, which also refreshes the
 * header) and ledger (GET /marketplace/transactions/{user}, newest first, paged by offset).
 * WalletHistory.astro documents the markup.
 */
export class WalletHistory extends PagedHistory<Transaction> {
  protected async readPage({ user, token, offset, limit, fresh }: PageRequest): Promise<PageAnswer<Transaction>> {
    const [wallet, entries] = await Promise.all([
      fresh
        ? call<'GET /marketplace/wallets/me'>('/marketplace/wallets/me', { base: marketplaceApiBase, token })
        : null,
      call<'GET /marketplace/transactions/:user'>(
        `/marketplace/transactions/${encodeURIComponent(user.id)}?limit=${limit}&offset=${offset}`,
        {
          base: marketplaceApiBase,
          token,
        },
      ),
    ]);
    if ([wallet, entries].some((r) => r && !r.ok && (r.status === 401 || r.status === 403)))
      return { ok: false, login: true };
    if ((wallet && !wallet.ok) || !entries.ok) return { ok: false, login: false };
    if (wallet?.ok) {
      setCredits(wallet.data.balance);
      this.querySelector('[data-balance]')!.textContent = this.credits(wallet.data.balance);
    }
    return { ok: true, rows: entries.data, total: entries.total ?? entries.data.length };
  }

  protected fillRow(row: HTMLElement, entry: Transaction) {
    const set = (field: string, text: string) => {
      const el = fieldOf(row, field);
      if (el) el.textContent = text;
      return el;
    };
    const date = formatDateTime(entry.createdAt, this.locale);
    const kind = ledgerKindOf(entry);
    const type = this.labels.types?.[kind] ?? kind;
    set('date', date);
    set('date-mobile', date);
    // what happened in the page's language (a badge's, a product's, a tournament's name); a code or an
    // admin's reason reads as written
    set('description', textIn(entry.translations, 'description', this.locale, entry.description) || type);
    set('type', type);
    set('type-mobile', type);
    set('type-tablet', type);
    const amount = set('amount', formatSigned(entry.amount, this.locale));
    if (amount) amount.dataset.sign = entry.amount > 0 ? 'credit' : entry.amount < 0 ? 'debit' : 'zero';
    set('balance', formatNumber(entry.balanceAfter, this.locale));
    // a prize is the tournament's, not the finalising admin's gift: no "by" on it
    if (entry.createdBy && kind !== 'prize') {
      const by = set('by', this.t('by', { name: entry.createdBy.name }));
      if (by) by.hidden = false;
    }
    // on phones the balance column is hidden: the amount cell carries it for screen readers too
    const balance = document.createElement('span');
    balance.className = 'block text-xs font-normal text-slate-400 sm:hidden';
    balance.textContent = this.t('balanceAfter', { credits: formatNumber(entry.balanceAfter, this.locale) });
    amount?.append(balance);
    row.dataset.type = kind;
    row.dataset.amount = String(entry.amount);
  }
}

if (!customElements.get('wallet-history')) customElements.define('wallet-history', WalletHistory);
