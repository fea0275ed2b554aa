import type { Purchase } from '../contract.ts';
import { safeIcon } from '../backpack-view.ts';
import { textIn } from '../rewards-format.ts';
import { formatDate, formatDateTime } from '../../../platform/i18n/date-time.ts';
import { addressLine } from '../order-view.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { fieldOf, PagedHistory, type PageAnswer, type PageRequest } from './paged-history.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/**
 * <order-history>: the player's own purchases (GET /marketplace/purchases/user/{me}, newest first,
 * paged by offset; the API refuses anyone else's), with the shipping state the admin sets when
 * fulfilling an order. OrderHistory.astro documents the markup.
 */
export class OrderHistory extends PagedHistory<Purchase> {
  protected async readPage({ user, token, offset, limit }: PageRequest): Promise<PageAnswer<Purchase>> {
    const res = await call<'GET /marketplace/purchases/user/:user'>(
      `/marketplace/purchases/user/${encodeURIComponent(user.id)}?limit=${limit}&offset=${offset}`,
      {
        base: marketplaceApiBase,
        token,
      },
    );
    if (!res.ok) return { ok: false, login: res.status === 401 || res.status === 403 };
    return { ok: true, rows: res.data, total: res.total ?? res.data.length };
  }

  protected fillRow(row: HTMLElement, order: Purchase) {
    const field = (name: string) => fieldOf(row, name)!;
    const date = formatDateTime(order.createdAt, this.locale);
    // the name and picture at the time of purchase: what the player bought, even if renamed since,
    // in the page's language
    field('product').textContent = textIn(order.translations, 'productName', this.locale, order.productName);
    field('number').textContent = this.t('number', { number: order.orderNumber });
    field('address').textContent = addressLine(order.shippingAddress, this.locale, (phone) =>
      this.t('phone', { phone }),
    );
    field('date').textContent = date;
    field('date-mobile').textContent = date;
    const image = field('image') as HTMLImageElement;
    const src = safeIcon(order.productImage);
    if (src) image.src = src;
    else image.hidden = true;
    // on phones the price column is hidden: the product cell carries it, next to the date
    const price = order.price === 0 ? this.labels.free : this.credits(order.price);
    field('price').textContent = price;
    field('price-mobile').textContent = price;
    const status = field('status');
    status.dataset.shipped = String(order.fulfilled);
    // a short pill that fits a phone's column; the shipping date on its own line under it
    status.textContent = order.fulfilled ? this.labels.shipped : this.labels.pending;
    const shippedOn = field('shipped-on');
    shippedOn.textContent = order.fulfilled && order.fulfilledAt ? formatDate(order.fulfilledAt, this.locale) : '';
    shippedOn.hidden = !shippedOn.textContent;
    row.dataset.productId = order.productId;
    row.dataset.shipped = String(order.fulfilled);
  }
}

if (!customElements.get('order-history')) customElements.define('order-history', OrderHistory);
