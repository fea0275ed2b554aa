import type { Standings } from '../contract.ts';
import { createT, isLocale, localizePath, type Messages } from '../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../platform/i18n/plural.ts';
import { playerPath, rowFields, scoringLines } from './standings-view.ts';

/** How often a live tournament's standings are read again (the API's answer is micro-cached). */
export const POLL_MS = 15_000;

/**
 * <live-standings>: while the tournament is being played (`data-live`), reads its standings from
 * `data-src` every POLL_MS (a hidden tab skips its ticks and reads as soon as it is shown again) and
 * redraws the rows from the page's own row template; the empty state, the "final" badge, the count of
 * matches, the scoring summary (an admin may change the table mid-tournament) and the refresh error
 * follow the answer. Stops once the standings are final. A few lines of plain script: the page carries
 * no framework.
 */
class LiveStandings extends HTMLElement {
  /** the next tick, while one waits (none while a read is under way, nor once final) */
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** when the standings were last asked for */
  #askedAt = Date.now();

  connectedCallback() {
    if (this.dataset.live === undefined) return;
    this.#schedule();
    document.addEventListener('visibilitychange', this.#onShown);
  }

  disconnectedCallback() {
    clearTimeout(this.#timer);
    document.removeEventListener('visibilitychange', this.#onShown);
  }

  #schedule() {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.refresh();
    }, POLL_MS);
  }

  /** A tab shown again after skipping a tick reads at once, not up to a whole interval later. */
  #onShown = () => {
    if (document.hidden || this.#timer === undefined || Date.now() - this.#askedAt < POLL_MS) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    void this.refresh();
  };

  #part(name: string) {
    return this.querySelector<HTMLElement>(`[data-${name}]`);
  }

  async refresh() {
    // a tab in the background does not ask: it asks as soon as it is shown again (#onShown)
    if (document.hidden) return this.#schedule();
    this.#askedAt = Date.now();
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
    else {
      this.#part('live-note')?.setAttribute('hidden', '');
      document.removeEventListener('visibilitychange', this.#onShown);
    }
  }

  render(standings: Standings) {
    // the page's texts of what it redraws (results.scoring and results.standings), in its language
    const texts = JSON.parse(this.dataset.texts ?? '{}') as Messages;
    const locale = isLocale(this.dataset.locale) ? this.dataset.locale : 'it';
    const t = createT(texts);
    const plural = (base: string, n: number) => pluralKey(base, n, locale);
    const played = this.#part('matches-played');
    if (played)
      played.textContent = t(plural('standings.matchesCount', standings.matches), { count: standings.matches });
    const lines = scoringLines(standings.scoring, t, plural);
    const list = (name: string, items: string[]) => {
      const ul = this.#part(name);
      if (!ul) return;
      ul.replaceChildren(...items.map((text) => Object.assign(document.createElement('li'), { textContent: text })));
      ul.hidden = items.length === 0;
    };
    list('scoring-placements', lines.placements);
    list('scoring-eliminations', lines.eliminations);
    const counted = this.#part('scoring-counted');
    if (counted) counted.textContent = `${lines.counted} · ${lines.lobby}`;
    const tiebreakers = this.#part('scoring-tiebreakers');
    if (tiebreakers) {
      tiebreakers.textContent = lines.tiebreakers.join(', ');
      tiebreakers.parentElement!.hidden = lines.tiebreakers.length === 0;
    }

    const tbody = this.#part('rows');
    const template = this.querySelector<HTMLTemplateElement>('template[data-row]');
    if (!tbody || !template) return;
    tbody.replaceChildren(
      ...standings.rows.map((row) => {
        const tr = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
        tr.toggleAttribute('data-disqualified', row.disqualified === true);
        for (const [name, text] of Object.entries(rowFields(row, standings.teamSize, t('standings.detail')))) {
          for (const cell of tr.querySelectorAll(`[data-f="${name}"]`)) cell.textContent = text;
        }
        const page = playerPath(row, standings.teamSize);
        const link = tr.querySelector<HTMLAnchorElement>('a[data-f="name"]');
        if (link && page) link.href = localizePath(page, locale);
        return tr;
      }),
    );
    const empty = standings.matches === 0 && !standings.final;
    this.#part('empty')?.toggleAttribute('hidden', !empty);
    this.#part('table')?.toggleAttribute('hidden', empty);
    this.#part('final')?.toggleAttribute('hidden', !standings.final);
    this.dataset.matches = String(standings.matches);
  }
}

if (!customElements.get('live-standings')) customElements.define('live-standings', LiveStandings);
