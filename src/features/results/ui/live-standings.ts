import type { Standings } from '../contract.ts';
import { rowFields } from './standings-view.ts';

/** How often a live tournament's standings are read again (the API's answer is micro-cached). */
export const POLL_MS = 15_000;

/**
 * <live-standings>: while the tournament is being played (`data-live`), reads its standings from
 * `data-src` every 15 s and redraws the rows from the page's own row template; the empty state,
 * the "final" badge and the refresh error follow the answer. Stops once the standings are final.
 * A few lines of plain script: the page carries no framework.
 */
class LiveStandings extends HTMLElement {
  #timer: ReturnType<typeof setTimeout> | undefined;

  connectedCallback() {
    if (this.dataset.live !== undefined) this.#schedule();
  }

  disconnectedCallback() {
    clearTimeout(this.#timer);
  }

  #schedule() {
    this.#timer = setTimeout(() => void this.refresh(), POLL_MS);
  }

  #part(name: string) {
    return this.querySelector<HTMLElement>(`[data-${name}]`);
  }

  async refresh() {
    // a tab in the background does not ask; it asks again on the next tick once shown
    if (document.hidden) return this.#schedule();
    let standings: Standings | null = null;
    try {
      const res = await fetch(this.dataset.src!, { headers: { accept: 'application/json' } });
      if (res.ok) standings = ((await res.json()) as { data: Standings }).data;
    } catch {
      // offline for a moment: the error line says so and the next tick tries again
    }
    const failed = this.#part('refresh-error');
    if (failed) failed.hidden = standings !== null;
    if (standings) this.render(standings);
    if (!standings?.final) this.#schedule();
    else this.#part('live-note')?.setAttribute('hidden', '');
  }

  render(standings: Standings) {
    const tbody = this.#part('rows');
    const template = this.querySelector<HTMLTemplateElement>('template[data-row]');
    if (!tbody || !template) return;
    tbody.replaceChildren(
      ...standings.rows.map((row) => {
        const tr = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
        for (const [name, text] of Object.entries(rowFields(row, standings.teamSize, this.dataset.detail ?? ''))) {
          for (const cell of tr.querySelectorAll(`[data-f="${name}"]`)) cell.textContent = text;
        }
        return tr;
      }),
    );
    const empty = standings.rows.length === 0;
    this.#part('empty')?.toggleAttribute('hidden', !empty);
    this.#part('table')?.toggleAttribute('hidden', empty);
    this.#part('final')?.toggleAttribute('hidden', !standings.final);
    this.dataset.matches = String(standings.matches);
  }
}

if (!customElements.get('live-standings')) customElements.define('live-standings', LiveStandings);
