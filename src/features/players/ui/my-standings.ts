import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import { translate, type Messages } from '../../../platform/i18n/i18n.ts';
import type { MyStanding } from '../contract.ts';
import type { PlayersApi } from '../endpoints.ts';

const call: TypedCall<PlayersApi> = api;

/**
 * <my-standings>: adds the player's check-in, rank and points to each card of the /my-tournaments
 * grid once the grid has drawn it (`grid:settled`), in one call per batch of new cards. The grid
 * belongs to the tournaments, which know nothing of results: the page puts the two side by side.
 */
class MyStandings extends HTMLElement {
  connectedCallback() {
    const grid = document.querySelector<HTMLElement>('tournament-grid[data-mode="mine"]');
    if (!grid) return;
    grid.addEventListener('grid:settled', () => void this.#fill(grid));
    void this.#fill(grid);
  }

  async #fill(grid: HTMLElement) {
    const cards = [...grid.querySelectorAll<HTMLElement>('[data-tournament-id]:not([data-standing])')];
    if (!cards.length) return;
    for (const card of cards) card.dataset.standing = '';
    const ids = cards.map((c) => encodeURIComponent(c.dataset.tournamentId!)).join(',');
    const res = await call<'GET /players/me/tournaments'>(`/players/me/tournaments?ids=${ids}`);
    if (!res.ok) {
      // asked again on the next redraw
      for (const card of cards) delete card.dataset.standing;
      return;
    }
    const byId = new Map(res.data.map((s) => [s.tournamentId, s]));
    for (const card of cards) {
      const s = byId.get(card.dataset.tournamentId!);
      if (s) this.#show(card, s);
    }
  }

  #show(card: HTMLElement, s: MyStanding) {
    const texts = JSON.parse(this.dataset.texts ?? '{}') as Messages;
    const t = (key: string, vars?: Record<string, string | number>) => translate(texts, key, vars);
    const list = card.querySelector('dl');
    if (!list) return;
    const checkIn = s.member
      ? t(s.checkedIn ? 'mine.checkedIn' : 'mine.notCheckedIn')
      : t('mine.waitlist', { position: s.waitlistPosition ?? '' });
    const none = t('history.none');
    const rank = !s.started
      ? none
      : s.disqualified
        ? t('history.disqualified')
        : s.placing
          ? t(`history.${s.placing}`)
          : s.rank !== null
            ? t('history.rank', { rank: s.rank })
            : t('history.unranked');
    const [dt, dd] = [list.querySelector('dt'), list.querySelector('dd')];
    for (const [name, label, value] of [
      ['checkin', t('mine.checkIn'), checkIn],
      ['rank', t('mine.rank'), rank],
      ['points', t('mine.points'), s.points === null ? none : String(s.points)],
    ]) {
      const term = Object.assign(document.createElement('dt'), { className: dt?.className ?? '', textContent: label });
      const definition = Object.assign(document.createElement('dd'), {
        className: dd?.className ?? '',
        textContent: value,
      });
      definition.dataset.testid = `my-card-${name}`;
      list.append(term, definition);
    }
    card.dataset.standing = 'shown';
  }
}

if (!customElements.get('my-standings')) customElements.define('my-standings', MyStandings);
