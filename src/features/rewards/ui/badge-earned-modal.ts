import {
  BADGE_EARNED_EVENT,
  takeEarnedBadges,
  type EarnedBadge,
} from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import { safeIcon } from '../backpack-view.ts';
import { formatNumber, textIn } from '../rewards-format.ts';
import { translate } from '../../../platform/i18n/i18n.ts';

/**
 * <badge-earned-modal>: shows each badge the player just earned, one at a time (BadgeEarnedModal
 * documents the markup). Badges come from the sessionStorage queue (earned before this page
 * loaded, e.g. at signup) and from `badge:earned` events on this page.
 */
export class BadgeEarnedModal extends HTMLElement {
  #queue: EarnedBadge[] = [];
  #labels: Record<string, string> = {};

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    window.addEventListener(BADGE_EARNED_EVENT, this.#onEarned);
    this.#dialog.addEventListener('close', this.#next);
    this.#queue.push(...takeEarnedBadges());
    this.#next();
  }

  disconnectedCallback() {
    window.removeEventListener(BADGE_EARNED_EVENT, this.#onEarned);
    this.#dialog.removeEventListener('close', this.#next);
  }

  get #dialog() {
    return this.querySelector('dialog')!;
  }

  #onEarned = (e: CustomEvent<EarnedBadge>) => {
    if (!e.detail) return;
    this.#queue.push(e.detail);
    this.#next();
  };

  #next = () => {
    const dialog = this.#dialog;
    const badge = this.#queue.shift();
    if (dialog.open || !badge) {
      if (badge) this.#queue.unshift(badge);
      return;
    }
    const set = (selector: string, text: string) => {
      const el = this.querySelector<HTMLElement>(selector);
      if (el) el.textContent = text;
    };
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    // the page's language, not the one of the call that earned it (a login on the Italian page
    // may land on the English one): the badge carries both
    const { translations } = badge as EarnedBadge & { translations?: Record<string, Record<string, string>> };
    set('[data-name]', textIn(translations, 'name', locale, badge.name));
    set('[data-description]', textIn(translations, 'description', locale, badge.description));
    const amount = formatNumber(badge.credits, locale);
    const credits = translate(this.#labels, badge.credits === 1 ? 'one' : 'other', { amount });
    set('[data-reward]', translate(this.#labels, 'reward', { reward: credits }));
    this.querySelector<HTMLElement>('[data-reward]')!.hidden = badge.credits <= 0;
    const img = this.querySelector<HTMLImageElement>('img[data-icon]')!;
    const fallback = this.querySelector<SVGElement>('[data-icon-fallback]')!;
    const icon = safeIcon(badge.icon);
    img.hidden = !icon;
    fallback.style.display = icon ? 'none' : '';
    if (icon) img.src = icon;
    else img.removeAttribute('src');
    dialog.showModal();
  };
}

if (!customElements.get('badge-earned-modal')) customElements.define('badge-earned-modal', BadgeEarnedModal);
