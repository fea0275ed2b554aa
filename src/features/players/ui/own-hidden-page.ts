import { api, storedToken } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { PlayersApi } from '../endpoints.ts';

const call: TypedCall<PlayersApi> = api;

/**
 * <own-hidden-page data-username>, on the player page's 404: shows itself when the signed-in player is the one
 * whose page this is. The page answered 404 to everyone alike (it is cached and knows no visitor); the API answers
 * a hidden page to its own player only, so its 200 is the proof. A visitor without a session asks nothing.
 */
class OwnHiddenPage extends HTMLElement {
  connectedCallback() {
    if (storedToken()) void this.#check();
  }

  async #check() {
    const username = this.dataset.username ?? '';
    const res = await call<'GET /players/:username'>(`/players/${encodeURIComponent(username)}`);
    if (res.ok) this.hidden = false;
  }
}

if (!customElements.get('own-hidden-page')) customElements.define('own-hidden-page', OwnHiddenPage);
