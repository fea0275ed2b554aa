import { rankPlayers, visiblePlayers, LEADERBOARD_SIZE, type RankedPlayer } from '../../features/tournaments/leaderboard.ts';
import { api } from '../../lib/api-client.ts';
import { findCompetitionByPath } from './competition-lookup.ts';
import { pluralCategory } from '../../lib/plural.ts';

interface Competition {
  id: string;
  teams: { name: string; players: RankedPlayer[] }[];
}

/**
 * <faction-leaderboard>: the two factions of the competition whose url is
 * `data-competition-path` (markup and texts in FactionLeaderboard.astro). Each faction shows its
 * top ten until its toggle is pressed; a faction without players shows its empty text.
 */
export class FactionLeaderboard extends HTMLElement {
  #ranked = new Map<string, RankedPlayer[]>();
  #showAll = new Map<string, boolean>();

  connectedCallback() {
    this.addEventListener('click', this.#onClick);
    void this.load();
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.#onClick);
  }

  /** (Re)reads the competition; the tournament page's faction choice is seen on the next visit. */
  async load() {
    const found = await findCompetitionByPath(this.dataset.owner ?? '', this.dataset.competitionPath ?? '');
    if (!found.ok) return this.#show('error');
    let teams: Competition['teams'] = [];
    if (found.competition) {
      const res = await api<Competition>(`/tournaments/competitions/${encodeURIComponent(found.competition.id)}`);
      if (!res.ok) return this.#show('error');
      teams = res.data.teams ?? [];
    }
    this.querySelectorAll<HTMLElement>('[data-team]').forEach((section) => {
      const team = section.dataset.team!;
      this.#ranked.set(team, rankPlayers(teams.find((t) => t.name === team)?.players ?? []));
      this.#render(section);
    });
    this.#show('ready');
  }

  #onClick = (e: Event) => {
    const button = (e.target as Element).closest<HTMLButtonElement>('[data-toggle]');
    const section = button?.closest<HTMLElement>('[data-team]');
    if (!button || !section) return;
    const team = section.dataset.team!;
    this.#showAll.set(team, !this.#showAll.get(team));
    this.#render(section);
  };

  #render(section: HTMLElement) {
    const team = section.dataset.team!;
    const ranked = this.#ranked.get(team) ?? [];
    const showAll = this.#showAll.get(team) ?? false;
    const number = new Intl.NumberFormat(this.dataset.locale === 'en' ? 'en-GB' : 'it-IT');
    const template = this.querySelector<HTMLTemplateElement>('template[data-row]')!;
    const rows = visiblePlayers(ranked, showAll).map((p, i) => {
      const row = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
      row.querySelector('[data-field="rank"]')!.textContent = String(i + 1);
      row.querySelector('[data-field="name"]')!.textContent = p.playerName;
      row.querySelector('[data-field="score"]')!.textContent = number.format(p.score);
      row.dataset.playerId = p.playerId;
      return row;
    });
    section.querySelector('[data-rows]')!.replaceChildren(...rows);
    section.querySelector<HTMLElement>('[data-empty]')!.hidden = ranked.length > 0;
    section.querySelector('table')!.hidden = ranked.length === 0;
    const count = section.querySelector<HTMLElement>('[data-count]');
    if (count) {
      const form = pluralCategory(ranked.length, this.dataset.locale === 'en' ? 'en' : 'it');
      count.textContent = (count.dataset[form === 'one' ? 'templateOne' : 'templateOther'] ?? '').replace('{count}', number.format(ranked.length));
    }
    const wrap = section.querySelector<HTMLElement>('[data-toggle-wrap]')!;
    wrap.hidden = ranked.length <= LEADERBOARD_SIZE;
    const button = section.querySelector<HTMLButtonElement>('[data-toggle]')!;
    button.textContent = (showAll ? button.dataset.labelTop : button.dataset.labelAll) ?? '';
    button.setAttribute('aria-expanded', String(showAll));
  }

  #show(state: 'error' | 'ready') {
    this.querySelectorAll<HTMLElement>(':scope > [data-state]').forEach((el) => (el.hidden = el.dataset.state !== state));
  }
}

if (!customElements.get('faction-leaderboard')) customElements.define('faction-leaderboard', FactionLeaderboard);
