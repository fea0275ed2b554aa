import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import { $sessionLoading, $token } from '../../../platform/browser/session.ts';
import type { TournamentsApi } from '../endpoints.ts';

const call: TypedCall<TournamentsApi> = api;

/**
 * <open-teams>: the signed-in player's teams with no seat yet (GET /teams/mine/open), each line the tournament's
 * name, linking to its page, and where the team stands. Hidden for a visitor and while there is none.
 */
class OpenTeamsElement extends HTMLElement {
  #stop: (() => void)[] = [];

  connectedCallback() {
    const read = () => void this.#read();
    this.#stop = [$token.listen(read), $sessionLoading.listen(read)];
    read();
  }

  disconnectedCallback() {
    this.#stop.forEach((s) => s());
  }

  async #read() {
    const token = $token.get();
    if ($sessionLoading.get() || !token) return void (this.hidden = true);
    const res = await call<'GET /teams/mine/open'>('/teams/mine/open', { token });
    if (!res.ok || res.data.length === 0) return void (this.hidden = true);
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    const text = (name: string) => this.querySelector<HTMLElement>(`[data-${name}]`)!.dataset.text ?? '';
    this.querySelector('[data-list]')!.replaceChildren(
      ...res.data.map((team) => {
        const li = document.createElement('li');
        li.className = 'text-slate-200';
        li.dataset.testid = 'open-team';
        const link = document.createElement('a');
        link.href = this.dataset.link!.replace('{id}', encodeURIComponent(team.tournamentId));
        link.className = 'font-semibold text-accent underline-offset-2 hover:underline';
        link.textContent = team.tournamentName[locale];
        const state = document.createElement('span');
        state.className = 'ml-2 text-sm text-amber-200';
        state.textContent = text(team.state).replace('{team}', team.teamName);
        li.append(link, state);
        return li;
      }),
    );
    this.hidden = false;
  }
}

if (!customElements.get('open-teams')) customElements.define('open-teams', OpenTeamsElement);
