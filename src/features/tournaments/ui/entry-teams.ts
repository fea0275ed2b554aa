import type { EntryTeam } from '../contract.ts';
import { mayJoin, phaseOf } from '../rules.ts';
import type { GameAccount } from '../../accounts/contract.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import { $sessionLoading, $token, $user } from '../../../platform/browser/session.ts';
import { $inPendingTeam, $readSchedule, ENTRY_TEAMS_CHANGED } from './entry-teams-event.ts';

const call: TypedCall<TournamentsApi> = api;

/** The invite's refusals the form words itself (its own texts, on the page); any other is the panel's failure. */
const inviteRefusals: Record<string, string> = {
  UNKNOWN_PLAYER: 'invite-unknown',
  ALREADY_IN_TEAM: 'invite-taken',
  PLAYER_REGISTERED: 'invite-taken',
  PLAYER_DISQUALIFIED: 'invite-disqualified',
  TEAM_FULL: 'invite-full',
  REGISTRATION_CLOSED: 'invite-closed',
};

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

/**
 * <entry-teams>: the tournament's teams read from the public API, and for the signed-in player the
 * answer to their invitation or the way out of their team. After an answer the page is loaded again,
 * so the banner's button (join, check in) follows the new state. The captain of a team short of players
 * invites another in the form, which then reads the list again. The server takes none of these once
 * registration has closed, so from then on the panel offers none of them and only lists the teams.
 */
class EntryTeamsElement extends HTMLElement {
  #stop: (() => void)[] = [];
  #mine: EntryTeam | null = null;
  #teams: EntryTeam[] | null = null;

  connectedCallback() {
    const read = () => void this.#read();
    this.#stop = [$user.listen(read), $sessionLoading.listen(read)];
    document.addEventListener(ENTRY_TEAMS_CHANGED, read);
    this.#stop.push(() => document.removeEventListener(ENTRY_TEAMS_CHANGED, read));
    this.#stop.push($readSchedule.listen(() => this.#teams && this.#render(this.#teams)));
    this.#part('accept').addEventListener('click', () => void this.#answer('accept'));
    this.#part('decline').addEventListener('click', () => void this.#answer('decline'));
    this.#part('leave').addEventListener('click', () => this.#askLeave());
    const asked = this.#part('leave-dialog') as HTMLDialogElement;
    asked.addEventListener('close', () => {
      if (asked.returnValue === 'leave') void this.#leave();
    });
    this.#part('invite-form').addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#invite();
    });
    read();
  }

  disconnectedCallback() {
    this.#stop.forEach((s) => s());
  }

  #part(name: string) {
    return this.querySelector<HTMLElement>(`[data-${name}]`)!;
  }

  #text(name: string) {
    return this.#part(name).dataset.text ?? '';
  }

  async #read() {
    const res = await call<'GET /tournaments/:id/entry-teams'>(
      `/tournaments/${encodeURIComponent(this.dataset.id!)}/entry-teams`,
    );
    if (res.ok) this.#render(res.data);
  }

  #render(teams: EntryTeam[]) {
    this.#teams = teams;
    const me = $sessionLoading.get() ? null : $user.get();
    this.#mine = (me && teams.find((t) => t.members.some((m) => m.userId === me.id))) || null;
    // until the banner has started, nothing is offered; it re-renders the panel once it has
    const schedule = $readSchedule.get();
    const open = schedule !== null && mayJoin(phaseOf(schedule)).ok;
    const closed = schedule !== null && !open;
    const list = this.#part('list');
    list.replaceChildren(...teams.map((t) => this.#team(t, closed)));
    this.#part('empty').hidden = teams.length > 0;
    const myState = open ? this.#mine?.members.find((m) => m.userId === me?.id)?.state : undefined;
    this.#part('invite').hidden = myState !== 'invited';
    if (this.#mine && myState === 'invited')
      this.#part('invite-text').textContent = fill(this.#text('invite-text'), { team: this.#mine.name });
    this.#part('leave').hidden = myState !== 'accepted';
    // the captain is an accepted member too; a whole team has its seat or its place in the queue
    const pending = myState === 'accepted' && this.#mine !== null && !this.#mine.complete;
    $inPendingTeam.set(pending ? this.dataset.id! : null);
    // a captain whose team is short of players (one declined or left) invites another
    const short = this.#mine && this.#mine.members.length < Number(this.dataset.teamSize);
    this.#part('invite-form').hidden = !(open && short && this.#mine!.captainId === me?.id);
  }

  /**
   * One team's card; `closed`: registration has closed, so a team short of players stays short and an
   * invitation can no longer be accepted.
   */
  #team(team: EntryTeam, closed: boolean) {
    const li = document.createElement('li');
    li.className = 'rounded-xl border border-line p-3';
    li.dataset.testid = 'entry-team';
    const head = document.createElement('p');
    head.className = 'font-semibold text-white';
    const name = document.createElement('span');
    name.textContent = team.name;
    name.dataset.testid = 'entry-team-name';
    const state = document.createElement('span');
    state.className = 'ml-2 text-xs font-medium text-amber-200';
    state.dataset.testid = 'entry-team-state';
    state.textContent =
      team.waitlistPosition !== null
        ? fill(this.#text('state-waiting'), { position: team.waitlistPosition })
        : this.#text(
            team.checkedIn
              ? 'state-checked'
              : team.complete
                ? 'state-complete'
                : closed
                  ? 'state-incomplete'
                  : 'state-pending',
          );
    head.append(name, state);
    const members = document.createElement('ul');
    members.className = 'mt-1 space-y-0.5 text-sm text-slate-300';
    for (const m of team.members) {
      const item = document.createElement('li');
      item.dataset.testid = 'entry-team-member';
      const invited = closed ? 'member-lapsed' : 'member-invited';
      const what = m.checkedIn ? 'member-checked' : m.state === 'invited' ? invited : 'member-accepted';
      const captain = m.userId === team.captainId ? ` · ${this.#text('captain')}` : '';
      item.textContent = `${m.username} — ${this.#text(what)}${captain}`;
      members.append(item);
    }
    li.append(head, members);
    return li;
  }

  async #send(work: () => Promise<{ ok: boolean }>) {
    const buttons = this.querySelectorAll<HTMLButtonElement>('button');
    buttons.forEach((b) => (b.disabled = true));
    const res = await work();
    if (res.ok) return location.reload();
    this.#part('error').hidden = false;
    buttons.forEach((b) => (b.disabled = false));
  }

  #answer(kind: 'accept' | 'decline') {
    const team = this.#mine;
    if (!team) return Promise.resolve();
    const path = `/tournaments/${encodeURIComponent(this.dataset.id!)}/entry-teams/${team.id}` as const;
    const init = { body: {}, token: $token.get() };
    return this.#send(() =>
      kind === 'accept'
        ? call<'POST /tournaments/:id/entry-teams/:teamId/accept'>(`${path}/accept`, init)
        : call<'POST /tournaments/:id/entry-teams/:teamId/decline'>(`${path}/decline`, init),
    );
  }

  async #invite() {
    const form = this.#part('invite-form') as HTMLFormElement;
    const result = this.#part('invite-result');
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const [username, gameName] = [field('username'), field('gameName')];
    const say = (text: string, ok = false) => {
      result.textContent = text;
      result.className = `mt-2 text-sm empty:hidden ${ok ? 'text-emerald-300' : 'text-red-300'}`;
    };
    if (!username || !gameName) return say(this.#text('invite-missing'));
    const team = this.#mine!;
    const submit = form.querySelector('button')!;
    submit.disabled = true;
    // the account the captain names is of the tournament's game; the invited player may answer with their own
    const res = await call<'POST /tournaments/:id/entry-teams/:teamId/invite'>(
      `/tournaments/${encodeURIComponent(this.dataset.id!)}/entry-teams/${team.id}/invite`,
      {
        body: {
          userId: '',
          username,
          gameAccount: {
            username: gameName,
            id: gameName,
            game: this.dataset.game as GameAccount['game'],
            console: field('platform') as GameAccount['console'],
          },
        },
        token: $token.get(),
      },
    );
    submit.disabled = false;
    if (!res.ok) {
      const refusal = inviteRefusals[res.code];
      return say(refusal ? this.#text(refusal) : (this.#part('error').textContent ?? '').trim());
    }
    form.reset();
    say(fill(this.#text('invite-done'), { name: username }), true);
    await this.#read();
  }

  /** Leaving asks first: a member's leaving gives the team's seat back, a captain's disbands the team. */
  #askLeave() {
    const me = $user.get();
    const captain = this.#mine !== null && this.#mine.captainId === me?.id;
    this.#part('leave-message').textContent = this.#text(captain ? 'leave-captain' : 'leave-member');
    const dialog = this.#part('leave-dialog') as HTMLDialogElement;
    dialog.returnValue = '';
    dialog.showModal();
  }

  #leave() {
    const user = $user.get();
    if (!user) return Promise.resolve();
    return this.#send(() =>
      call<'PUT /tournaments/:id/register'>(
        `/tournaments/${encodeURIComponent(this.dataset.id!)}/register?userID=${encodeURIComponent(user.id)}`,
        { method: 'PUT', token: $token.get() },
      ),
    );
  }
}

if (!customElements.get('entry-teams')) customElements.define('entry-teams', EntryTeamsElement);
