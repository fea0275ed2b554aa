import { rankPlayers, visiblePlayers, LEADERBOARD_SIZE, type RankedPlayer } from '../leaderboard.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import type { TeamName } from '../contract.ts';
import { showEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge-queue.ts';
import { findCompetitionByPath } from './competition-lookup.ts';
import { pluralCategory } from '../../../platform/i18n/plural.ts';
import { $sessionLoading, $token, $user, loadSession } from '../../../platform/browser/session.ts';

const call: TypedCall<TournamentsApi> = api;

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

  #competitionId: string | null = null;

  connectedCallback() {
    this.addEventListener('click', this.#onClick);
    this.addEventListener('change', this.#onPickChange);
    this.addEventListener('submit', this.#onPick);
    void this.load();
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.#onClick);
    this.removeEventListener('change', this.#onPickChange);
    this.removeEventListener('submit', this.#onPick);
  }

  get #form() {
    return this.querySelector<HTMLFormElement>('form[data-pick]');
  }

  /**
   * "Più tardi" only defers the faction: a logged-in player in no faction yet who takes part in one of the
   * championship's tournaments (registered, or in a team still waiting for its members) picks it here.
   */
  async #offerPick(teams: Competition['teams']) {
    const form = this.#form;
    const id = this.#competitionId;
    if (!form || !id) return;
    if ($sessionLoading.get()) loadSession();
    const user = $user.get();
    const token = $token.get();
    form.hidden = true;
    if (!user || !token || teams.some((team) => team.players.some((p) => p.playerId === user.id))) return;
    const mine = await call<'GET /tournaments'>(
      `/tournaments?competitionId=${encodeURIComponent(id)}&members=${encodeURIComponent(user.id)}&limit=1`,
      { token },
    );
    if (mine.ok && (mine.total ?? mine.data.length) > 0) return void (form.hidden = false);
    const open = await call<'GET /teams/mine/open'>('/teams/mine/open', { token });
    const inTeam = open.ok && open.data.some((team) => team.state === 'pending' && team.competitionId === id);
    form.hidden = !inTeam;
  }

  #onPickChange = (e: Event) => {
    const form = this.#form;
    if (!form || !(e.target as Element).closest('form[data-pick]')) return;
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled = !new FormData(form).get('team');
  };

  #onPick = async (e: SubmitEvent) => {
    const form = this.#form;
    if (!form || e.target !== form || !this.#competitionId) return;
    e.preventDefault();
    const team = String(new FormData(form).get('team') ?? '');
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    const error = form.querySelector<HTMLElement>('[data-pick-error]')!;
    if (!team || submit.disabled) return;
    submit.disabled = true;
    error.hidden = true;
    const res = await call<'POST /tournaments/competitions/:id/team'>(
      `/tournaments/competitions/${encodeURIComponent(this.#competitionId)}/team`,
      // the form offers the two factions only, and the server refuses any other name
      { body: { team: team as TeamName } },
    );
    if (!res.ok) {
      const texts = JSON.parse(this.dataset.errors || '{}') as Record<string, string>;
      error.textContent = texts[res.code] ?? texts.INTERNAL_ERROR ?? res.code;
      error.hidden = false;
      submit.disabled = false;
      return;
    }
    form.hidden = true;
    // the faction's badge, when the pick earned it (the header's balance follows on the next page)
    showEarnedBadges(res.earnedBadges);
    const done = this.querySelector<HTMLElement>('[data-picked]');
    // the heading's text without the markup's line breaks
    const name = this.querySelector(`[data-team="${team}"] h3`)?.textContent?.trim() || team;
    if (done) {
      done.textContent = (done.dataset.template ?? '').replace('{team}', name);
      done.hidden = false;
    }
    void this.load();
  };

  /** (Re)reads the competition; the tournament page's faction choice is seen on the next visit. */
  async load() {
    const found = await findCompetitionByPath(this.dataset.owner ?? '', this.dataset.competitionPath ?? '');
    if (!found.ok) return this.#show('error');
    let teams: Competition['teams'] = [];
    if (found.competition) {
      this.#competitionId = found.competition.id;
      const res = await call<'GET /tournaments/competitions/:id'>(
        `/tournaments/competitions/${encodeURIComponent(found.competition.id)}`,
      );
      if (!res.ok) return this.#show('error');
      teams = res.data.teams ?? [];
    }
    this.querySelectorAll<HTMLElement>('[data-team]').forEach((section) => {
      const team = section.dataset.team!;
      this.#ranked.set(team, rankPlayers(teams.find((t) => t.name === team)?.players ?? []));
      this.#render(section);
    });
    this.#show('ready');
    void this.#offerPick(teams);
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
    const number = new Intl.NumberFormat(this.dataset.locale === 'en' ? 'en-GB' : 'it-IT', { useGrouping: true });
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
      count.textContent = (count.dataset[form === 'one' ? 'templateOne' : 'templateOther'] ?? '').replace(
        '{count}',
        number.format(ranked.length),
      );
    }
    const wrap = section.querySelector<HTMLElement>('[data-toggle-wrap]')!;
    wrap.hidden = ranked.length <= LEADERBOARD_SIZE;
    const button = section.querySelector<HTMLButtonElement>('[data-toggle]')!;
    button.textContent = (showAll ? button.dataset.labelTop : button.dataset.labelAll) ?? '';
    button.setAttribute('aria-expanded', String(showAll));
  }

  #show(state: 'error' | 'ready') {
    this.querySelectorAll<HTMLElement>(':scope > [data-state]').forEach(
      (el) => (el.hidden = el.dataset.state !== state),
    );
  }
}

if (!customElements.get('faction-leaderboard')) customElements.define('faction-leaderboard', FactionLeaderboard);
