import { $credits, $sessionLoading, $token, loadSession } from '../../../platform/browser/session.ts';
import { loadCredits, setCredits } from './credits.ts';

/**
 * <header-credits>: the credits balance in the header. Hidden for anonymous
 * visitors (by CSS from <html data-session>, which session-menu.ts maintains); for a logged-in
 * user it shows the balance, or the "unknown" text (data-unknown) until one is known. It reads the
 * balance (GET /marketplace/wallets/me, src/features/rewards/ui/credits.ts) on page load and whenever the session
 * changes; a failed read keeps the "unknown" text.
 *
 * Setting the balance, from anywhere on the page (the wallet feature does this after loading it):
 *   window.dispatchEvent(new CustomEvent('credits:update', { detail: { credits: 120 } }));
 * or, from an island, `setCredits(120)` from src/features/rewards/ui/credits.ts (which also stops an older read in
 * flight from overwriting it). `clearSession()` resets it.
 */
export const CREDITS_UPDATE_EVENT = 'credits:update';

export interface CreditsUpdateDetail {
  credits: number;
}

declare global {
  interface WindowEventMap {
    'credits:update': CustomEvent<CreditsUpdateDetail>;
  }
}

window.addEventListener(CREDITS_UPDATE_EVENT, (e) => {
  const credits = e.detail?.credits;
  if (typeof credits === 'number' && Number.isFinite(credits)) setCredits(credits);
});

export class HeaderCredits extends HTMLElement {
  #cleanup: (() => void)[] = [];

  connectedCallback() {
    const render = () => this.#render();
    this.#cleanup.push($credits.listen(render));
    render();
    if ($sessionLoading.get()) loadSession();
    // logging in or out (here or in another tab) changes whose balance this is
    this.#cleanup.push($token.listen(() => void loadCredits()));
    if ($token.get()) void loadCredits();
    // a badge shown on this page paid credits: read the balance again (concurrent reads share one request)
    // (the event's name as text: importing the queue module would cost every page a chunk)
    const onEarned = () => void loadCredits();
    addEventListener('badge:earned', onEarned);
    this.#cleanup.push(() => removeEventListener('badge:earned', onEarned));
  }

  disconnectedCallback() {
    this.#cleanup.forEach((f) => f());
    this.#cleanup = [];
  }

  #render() {
    const credits = $credits.get();
    const amount = this.querySelector('[data-credits-amount]');
    if (!amount) return;
    amount.textContent =
      credits === null
        ? (this.dataset.unknown ?? '')
        : new Intl.NumberFormat(this.dataset.locale, { useGrouping: true }).format(credits);
    this.dataset.state = credits === null ? 'unknown' : 'known';
  }
}

if (!customElements.get('header-credits')) customElements.define('header-credits', HeaderCredits);
