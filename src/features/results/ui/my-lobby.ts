import type { MyLobby } from '../contract.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { ResultsApi } from '../endpoints.ts';
import { $token, $user, type SessionUser } from '../../../platform/browser/session.ts';
import { $playing } from '../../tournaments/standing-contract.ts';
import { formatDateTime } from '../../../platform/i18n/date-time.ts';

const call: TypedCall<ResultsApi> = api;

/** The longest wait for a lobby key's time before reading it again (a timer further out is not kept). */
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

/**
 * Whether the public standings list the visitor's entrant: themselves, or a team with them on it. The banner's
 * word that a member of a team tournament plays holds before their team has checked in too, and the lobby read
 * would then be refused (and logged by the browser as an error); the standings list exactly the entrants that play.
 */
async function listed(id: string, user: SessionUser): Promise<boolean> {
  const res = await call<'GET /tournaments/:id/standings'>(`/tournaments/${encodeURIComponent(id)}/standings`);
  if (!res.ok) return false;
  return res.data.rows.some(
    (r) => !r.disqualified && (r.entrantId === user.id || (res.data.teamSize > 1 && r.members.includes(user.username))),
  );
}

/**
 * <my-lobby>: a checked-in player's lobby of a split battle royale, its matches and its key, read
 * with their token from the personal API (the page itself is the same for every visitor). It asks
 * only once the banner has read that the visitor plays and the standings list their entrant. Stays hidden for
 * everyone else and while the field plays in one lobby with no key; reads again when the key's time comes.
 */
class MyLobbyElement extends HTMLElement {
  #stop: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  connectedCallback() {
    const read = () => void this.#read();
    this.#stop = [$playing.listen(read)];
    read();
  }

  disconnectedCallback() {
    this.#stop.forEach((s) => s());
    clearTimeout(this.#timer);
  }

  #part(name: string) {
    return this.querySelector<HTMLElement>(`[data-${name}]`)!;
  }

  async #read() {
    clearTimeout(this.#timer);
    const token = $token.get();
    const standing = $playing.get();
    const user = $user.get();
    if (!token || !user || !standing?.playing || standing.id !== this.dataset.id) return void (this.hidden = true);
    if (!(await listed(standing.id, user))) return void (this.hidden = true);
    const res = await call<'GET /tournaments/:id/lobbies/mine'>(
      `/tournaments/${encodeURIComponent(this.dataset.id!)}/lobbies/mine`,
      { token },
    );
    if (!res.ok || (res.data.lobbies === 1 && !res.data.code && !res.data.codeVisibleFrom))
      return void (this.hidden = true);
    this.#render(res.data);
  }

  #render(me: MyLobby) {
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    const text = (name: string) => this.#part(name).dataset.text ?? '';
    this.#part('lobby').textContent = fill(text('lobby'), { n: me.lobby, count: me.lobbies });
    const list = this.#part('matches');
    list.replaceChildren(
      ...me.matches.map((m) => {
        const li = document.createElement('li');
        li.textContent = fill(text(m.voided ? 'voided' : m.played ? 'played' : 'match'), { n: m.number });
        return li;
      }),
    );
    this.#part('no-matches').hidden = me.matches.length > 0;
    const code = this.#part('code');
    const at = me.codeVisibleFrom ? new Date(me.codeVisibleFrom) : null;
    // in the player's own zone, named, as the schedule shows their times: a player abroad reads no Rome time
    const when = formatDateTime(me.codeVisibleFrom, locale, { zoneName: true });
    code.textContent = me.code ?? '';
    code.hidden = me.code === null;
    const note = this.#part('code-note');
    note.textContent = me.code ? '' : at ? fill(text('code-later'), { time: when }) : text('no-code');
    note.hidden = me.code !== null;
    // the key's time comes while the page is open: read it again then
    const wait = at && !me.code ? at.getTime() - Date.now() : -1;
    if (wait > 0 && wait < MAX_WAIT_MS) this.#timer = setTimeout(() => void this.#read(), wait + 500);
    this.hidden = false;
  }
}

if (!customElements.get('my-lobby')) customElements.define('my-lobby', MyLobbyElement);
