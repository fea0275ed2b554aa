import { clockOffset, countdownParts } from '../countdown.ts';
import { pluralCategory } from '../../../platform/i18n/plural.ts';

/**
 * <campaign-countdown>: ticks the server-rendered countdown once a second (CampaignCountdown.astro
 * documents the markup). The page carries the server's clock at render time (`data-now`), which
 * corrects the visitor's clock at once; because a cached page can be minutes old, the element then
 * asks the API for the campaign (its `now` and the current deadline) and corrects again.
 */
const TICK_MS = 1000;

export class CampaignCountdown extends HTMLElement {
  #timer: ReturnType<typeof setInterval> | undefined;
  #deadline = 0;
  /** add to Date.now() to read the server's clock */
  #offset = 0;

  connectedCallback() {
    this.#deadline = Date.parse(this.dataset.deadline ?? '');
    const now = Date.now();
    this.#offset = clockOffset(this.dataset.now ?? '', now, now);
    this.#render();
    this.#timer = setInterval(() => this.#render(), TICK_MS);
    void this.#resync();
  }

  disconnectedCallback() {
    clearInterval(this.#timer);
  }

  async #resync() {
    const source = this.dataset.source;
    if (!source) return;
    try {
      const sentAt = Date.now();
      const res = await fetch(source, { headers: { accept: 'application/json' }, cache: 'no-store' });
      const receivedAt = Date.now();
      const json = res.ok ? await res.json() : null;
      const deadline = Date.parse(json?.data?.deadline ?? '');
      if (!json?.data?.now) return;
      this.#offset = clockOffset(json.data.now, sentAt, receivedAt);
      if (!Number.isNaN(deadline)) this.#deadline = deadline;
      this.#render();
    } catch {
      // offline or blocked: the page's own clock reading stays in use
    }
  }

  #render() {
    if (Number.isNaN(this.#deadline)) return;
    const parts = countdownParts(this.#deadline, Date.now() + this.#offset);
    for (const el of this.querySelectorAll<HTMLElement>('[data-unit]')) {
      const unit = el.dataset.unit as 'days' | 'hours' | 'minutes' | 'seconds';
      const text = unit === 'days' ? String(parts.days) : String(parts[unit]).padStart(2, '0');
      if (el.textContent !== text) el.textContent = text;
    }
    // "1 giorno", "2 giorni": the label follows the number it stands under
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    for (const el of this.querySelectorAll<HTMLElement>('[data-label]')) {
      const n = parts[el.dataset.label as 'days' | 'hours' | 'minutes' | 'seconds'];
      const label = el.dataset[pluralCategory(n, locale)] ?? '';
      if (el.textContent !== label) el.textContent = label;
    }
    this.querySelector<HTMLElement>('[data-running]')!.hidden = parts.ended;
    this.querySelector<HTMLElement>('[data-ended]')!.hidden = !parts.ended;
    this.dataset.state = parts.ended ? 'ended' : 'running';
  }
}

if (!customElements.get('campaign-countdown')) customElements.define('campaign-countdown', CampaignCountdown);
