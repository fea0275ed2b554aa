import { actionFor, badgeOf, isFull, offersCalendar, phaseOf, type Action } from '../rules.ts';
import { formatDateTime } from '../../../platform/i18n/date-time.ts';
import { countdownParts, differsFromRome, nextDeadline } from '../tournament-view.ts';
import { api } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { TournamentsApi } from '../endpoints.ts';
import { translate, type Messages } from '../../../platform/i18n/i18n.ts';
import { pluralKey } from '../../../platform/i18n/plural.ts';
import { $sessionLoading, $token, $user, clearSession, loadSession } from '../../../platform/browser/session.ts';
import {
  actionClass,
  countdownUnits,
  dangerActionClass,
  disqualifiedClass,
  failureClass,
  sideButtonClass,
  standingClass,
} from './banner-view.ts';
import {
  bannerOf,
  mayReport,
  withoutFaction,
  type BannerFailure,
  type BannerHost,
  type BannerIntent,
  type BannerLinks,
  type BannerTournament,
} from './banner-model.ts';
import type { Actions } from './tournament-actions.tsx';
import { $inPendingTeam, $readSchedule } from './entry-teams-event.ts';
import { setPlaying } from '../standing-contract.ts';

const call: TypedCall<TournamentsApi> = api;

interface State {
  tournament: BannerTournament;
  links: BannerLinks;
  championshipPath: string;
  communityUrl: string;
  labels: Messages;
}

type MeState = 'idle' | 'loading' | 'ready' | 'error';

/** Mounted once per page, on the first click that needs a dialog or an action. */
let actions: Promise<Actions> | null = null;
/** The dialogs' chunk as the page composes it (defineTournamentBanner). */
let dialogs: () => Promise<{ mountActions(container: HTMLElement, host: BannerHost): Promise<Actions> }>;

/**
 * <tournament-banner>: the live part of the server-rendered banner (TournamentBanner.astro). It
 * ticks the phase and the countdown, reads the visitor's own standing with their token (the page
 * is shared, so the server cannot), sets the action button, and on a click that needs a dialog
 * loads React and the dialogs (tournament-actions.tsx), which open at once when they arrive.
 * `data-hydrating` goes once the button shows the visitor's own state; the sidebar's counts follow
 * its `tournament:change` event.
 */
export class TournamentBanner extends HTMLElement {
  #state!: State;
  #t!: BannerTournament;
  #me: MeState = 'idle';
  #busy = false;
  /** the dialogs' chunk is on its way after a click */
  #loading = false;
  #failure: BannerFailure | null = null;
  #teamPending: string | null = null;
  #teamOpen = false;
  #teamKey = '';
  #counts = '';
  #reads = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  #unsubscribe: (() => void)[] = [];

  get #locale(): 'it' | 'en' {
    return this.dataset.locale === 'en' ? 'en' : 'it';
  }

  #text(key: string, vars?: Record<string, string | number>) {
    return translate(this.#state.labels, key, vars);
  }

  connectedCallback() {
    this.#state = JSON.parse(this.querySelector('script[data-banner]')?.textContent || '{}') as State;
    this.#t = this.#state.tournament;
    $readSchedule.set(this.#t);
    this.#localStart();
    this.#render();
    this.#timer = setInterval(() => this.#render(), 1000);
    if ($sessionLoading.get()) loadSession();
    const onSession = () => void this.#readMe();
    this.#unsubscribe = [
      $token.listen(onSession),
      $sessionLoading.listen(onSession),
      $user.listen(() => this.#render()),
      $inPendingTeam.listen(() => this.#render()),
    ];
    void this.#readMe();
  }

  disconnectedCallback() {
    clearInterval(this.#timer);
    this.#unsubscribe.forEach((u) => u());
  }

  /** The visitor's standing needs their token: the tournament is read again with it. */
  async #readMe() {
    if ($sessionLoading.get()) return;
    const token = $token.get();
    const read = ++this.#reads;
    if (!token) {
      this.#me = 'idle';
      this.#t = { ...this.#t, me: null };
      this.#render();
      return;
    }
    this.#me = 'loading';
    this.#render();
    const res = await call<'GET /tournaments/:id'>(`/tournaments/${encodeURIComponent(this.#t.id)}`, { token });
    if (read !== this.#reads) return; // a newer read (another token) answers instead
    if (res.ok) {
      this.#t = bannerOf(res.data);
      $readSchedule.set(this.#t);
      this.#me = 'ready';
    } else if (res.status === 401) {
      clearSession(); // an expired token: the visitor is anonymous again (the store's listener reads again)
      return;
    } else {
      this.#me = 'error';
      // the error texts come with the dialogs' chunk: a rare path, worth no bytes before interaction
      const text = await this.#actions().then(
        (a) => a.errorText(res.code),
        () => this.#text('tournaments.action.loadFailed'),
      );
      if (read === this.#reads) this.#failure = { text };
    }
    this.#render();
  }

  #fail(failure: BannerFailure | null) {
    this.#failure = failure;
    this.#render();
  }

  #actions(): Promise<Actions> {
    if (!actions) {
      const container = this.querySelector<HTMLElement>('[data-dialogs]')!;
      const host: BannerHost = {
        locale: this.#locale,
        links: this.#state.links,
        championshipPath: this.#state.championshipPath,
        communityUrl: this.#state.communityUrl,
        current: () => this.#t,
        update: (t) => {
          this.#t = bannerOf(t);
          this.#me = 'ready';
          this.#render();
        },
        fail: (f) => this.#fail(f),
        busy: (on) => {
          this.#busy = on;
          this.#render();
        },
        reload: () => void this.#readMe(),
        team: (open, chosen) => {
          this.#teamOpen = open;
          if (chosen) this.#teamPending = null;
          this.#render();
        },
        focusAction: (team) =>
          (
            (team && this.querySelector<HTMLElement>('[data-testid="tournament-pick-team"]')) ||
            this.querySelector<HTMLElement>('[data-action-button]')
          )?.focus(),
      };
      actions = dialogs().then((m) => m.mountActions(container, host));
      // a failed load (offline) may be tried again by the next click
      actions.catch(() => (actions = null));
    }
    return actions;
  }

  /** A click: the dialogs' chunk loads once (the button says so meanwhile), then the action runs. */
  async #ask(intent: BannerIntent) {
    if (this.#busy || this.#loading) return;
    this.#loading = true;
    this.#render();
    try {
      (await this.#actions()).run(intent);
    } catch {
      this.#failure = { text: translate(this.#state.labels, 'tournaments.action.loadFailed') };
    } finally {
      this.#loading = false;
      this.#render();
    }
  }

  #action(now: number): Action | null {
    const token = $token.get();
    const pending = $sessionLoading.get() || (Boolean(token) && this.#me !== 'ready' && this.#me !== 'error');
    if (pending) return null;
    const me = this.#t.me;
    const loggedIn = Boolean($user.get() && token);
    return actionFor(
      phaseOf(this.#t, now),
      {
        loggedIn,
        member: Boolean(me?.member),
        confirmed: Boolean(me?.confirmed),
        waitlisted: me?.waitlistPosition != null,
        disqualified: me?.disqualified,
        inPendingTeam: $inPendingTeam.get() === this.#t.id,
      },
      isFull(this.#t.memberCount, this.#t.maxPartecipants),
    );
  }

  #render() {
    if (!this.#state) return;
    const now = Date.now();
    const t = this.#t;
    const phase = phaseOf(t, now);
    const says = badgeOf(phase, isFull(t.memberCount, t.maxPartecipants));
    const badge = this.querySelector<HTMLElement>('[data-testid="tournament-phase"]')!;
    if (badge.dataset.phase !== phase || badge.dataset.badge !== says) {
      badge.dataset.phase = phase;
      badge.dataset.badge = says;
      badge.textContent = this.#text(`tournaments.phase.${says}`);
    }
    this.#countdown(now);
    // the calendar link goes once the tournament has ended
    const calendar = this.querySelector<HTMLElement>('[data-testid="tournament-calendar"]');
    if (calendar) calendar.hidden = !offersCalendar(t, now);
    if (this.#me === 'ready')
      setPlaying({ id: t.id, playing: Boolean(t.me?.confirmed || (t.me?.member && (t.teamSize ?? 1) > 1)) });
    else if (this.#me === 'idle') setPlaying(null);
    const action = this.#action(now);
    this.#button(action);
    this.#sideButtons();
    this.#notes(action);
    if (action) this.removeAttribute('data-hydrating');
    const counts = `${t.memberCount}/${t.maxPartecipants}/${t.waitlistCount}`;
    if (counts !== this.#counts) {
      // the static sidebar shows the counts: tell it when they change (not for the first, its own)
      if (this.#counts)
        window.dispatchEvent(
          new CustomEvent('tournament:change', {
            detail: { id: t.id, members: t.memberCount, max: t.maxPartecipants, waitlist: t.waitlistCount },
          }),
        );
      this.#counts = counts;
    }
    this.#checkTeam();
  }

  #countdown(now: number) {
    const box = this.querySelector<HTMLElement>('[data-countdown]')!;
    const deadline = nextDeadline(this.#t, now);
    const left = deadline ? deadline.at - now : 0;
    box.hidden = !deadline || left <= 0;
    if (!deadline || left <= 0) return;
    if (box.dataset.kind !== deadline.kind) {
      box.dataset.kind = deadline.kind;
      box.querySelector('[data-countdown-title]')!.textContent = this.#text(
        `tournaments.detail.countdown.${deadline.kind}`,
      );
    }
    const parts = countdownParts(left);
    for (const unit of countdownUnits) {
      const value = String(parts[unit]).padStart(2, '0');
      const label = this.#text(pluralKey(`tournaments.detail.countdown.${unit}`, parts[unit], this.#locale));
      const valueEl = box.querySelector(`[data-testid="countdown-${unit}"]`)!;
      const labelEl = box.querySelector(`[data-testid="countdown-${unit}-label"]`)!;
      if (valueEl.textContent !== value) valueEl.textContent = value;
      if (labelEl.textContent !== label) labelEl.textContent = label;
    }
  }

  /** The visitor's own start time, when their zone is not Rome's and no fixed date text replaces it. */
  #localStart() {
    const el = this.querySelector<HTMLElement>('[data-local-start]');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const t = this.#t;
    if (!el || t.dateText[this.#locale]?.trim() || !differsFromRome(zone, [t.start_tournament])) return;
    el.textContent = this.#text('tournaments.detail.yourTime', {
      date: formatDateTime(t.start_tournament, this.#locale, { timeZone: zone, zoneName: true }),
    });
    el.dataset.testid = 'tournament-start-local';
    el.hidden = false;
  }

  /** The main button: a link to log in for a visitor, else the action the rules allow. */
  #button(action: Action | null) {
    let el = this.querySelector<HTMLElement>('[data-action-button]')!;
    const kind = action ? (action.kind === 'disabled' ? action.label : action.kind) : 'loading';
    const wantLink = action?.kind === 'signup';
    if (wantLink !== (el.tagName === 'A')) {
      const next = document.createElement(wantLink ? 'a' : 'button');
      next.dataset.testid = 'tournament-action';
      next.dataset.actionButton = '';
      if (!wantLink) next.setAttribute('type', 'button');
      el.replaceWith(next);
      el = next;
    }
    if (el instanceof HTMLAnchorElement) el.href = this.#state.links.login;
    else if (el.dataset.wired !== 'yes') {
      el.dataset.wired = 'yes';
      el.addEventListener('click', () => this.#click());
      el.addEventListener('pointerenter', () => this.#warm());
      el.addEventListener('focus', () => this.#warm());
    }
    el.dataset.action = kind;
    const danger = kind === 'leave' || kind === 'leaveWaitlist' || kind === 'checkOut';
    const cls = danger ? dangerActionClass : actionClass;
    if (el.className !== cls) el.className = cls;
    const working = this.#busy || this.#loading;
    const text =
      working && action && action.kind !== 'disabled' && action.kind !== 'signup'
        ? this.#text('tournaments.action.busy')
        : this.#text(`tournaments.action.${kind}`);
    if (el.textContent !== text) el.textContent = text;
    if (el instanceof HTMLButtonElement) {
      // the busy button keeps its focus (a disabled one would drop it): clicks are ignored meanwhile
      el.disabled = !action || action.kind === 'disabled';
      el.toggleAttribute('aria-busy', working);
      if (working) el.setAttribute('aria-disabled', 'true');
      else el.removeAttribute('aria-disabled');
    }
  }

  #click() {
    const action = this.#action(Date.now());
    if (!action || !$user.get()) return;
    // a join of a full tournament is the same join: the server puts the player on the waitlist
    if (action.kind === 'joinWaitlist') return void this.#ask({ kind: 'join' });
    if (
      action.kind === 'join' ||
      action.kind === 'checkIn' ||
      action.kind === 'leave' ||
      action.kind === 'leaveWaitlist' ||
      action.kind === 'checkOut'
    )
      void this.#ask({ kind: action.kind });
  }

  /** Pointing at "join" starts the download: the dialog is likely next. */
  #warm() {
    const kind = this.querySelector<HTMLElement>('[data-action-button]')?.dataset.action;
    if (kind === 'join' || kind === 'joinWaitlist') void this.#actions().catch(() => undefined);
  }

  /** "Pick your faction" and "Report a match", beside the main button when they apply. */
  #sideButtons() {
    const loggedIn = Boolean($user.get() && $token.get());
    this.#sideButton(
      'tournament-pick-team',
      this.#teamPending && !this.#teamOpen ? this.#text('tournaments.team.pick') : null,
      () => {
        if (this.#teamPending) void this.#ask({ kind: 'team', competitionId: this.#teamPending });
      },
      this.#text('tournaments.team.pending'),
    );
    this.#sideButton(
      'tournament-report',
      loggedIn && mayReport(this.#t) ? this.#text('results.report.open') : null,
      () => void this.#ask({ kind: 'report' }),
    );
  }

  #sideButton(testId: string, text: string | null, onClick: () => void, title?: string) {
    const existing = this.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
    if (!text) return existing?.remove();
    if (existing) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = sideButtonClass;
    button.dataset.testid = testId;
    button.textContent = text;
    if (title) button.title = title;
    button.addEventListener('click', onClick);
    // after the main button and the other side button, before the links
    const after =
      testId === 'tournament-report'
        ? (this.querySelector('[data-testid="tournament-pick-team"]') ?? this.querySelector('[data-action-button]'))
        : this.querySelector('[data-action-button]');
    after!.after(button);
  }

  /** Under the buttons: the sign-up hint, the visitor's standing, a failure. */
  #notes(action: Action | null) {
    const box = this.querySelector<HTMLElement>('[data-notes]')!;
    const me = this.#t.me;
    const loggedIn = Boolean($user.get() && $token.get());
    const notes: {
      text: string;
      cls: string;
      testId?: string;
      standing?: string;
      link?: BannerFailure['link'];
      alert?: boolean;
    }[] = [];
    if (action?.kind === 'signup')
      notes.push({ text: this.#text('tournaments.action.signupHint'), cls: 'text-slate-300' });
    if (loggedIn && me) {
      if (me.disqualified)
        notes.push({
          text: this.#text('tournaments.action.disqualifiedStanding'),
          cls: disqualifiedClass,
          testId: 'tournament-standing',
          standing: 'disqualified',
        });
      else {
        // in a team, one's own check-in is not the team's: the team panel shows when the team is ready
        const confirmed =
          (this.#t.teamSize ?? 1) > 1 ? 'tournaments.action.confirmedInTeam' : 'tournaments.action.confirmed';
        const text = me.member
          ? this.#text(me.confirmed ? confirmed : 'tournaments.action.member')
          : me.waitlistPosition != null
            ? this.#text('tournaments.action.waitlistPosition', { position: me.waitlistPosition })
            : null;
        if (text) notes.push({ text, cls: standingClass, testId: 'tournament-standing' });
      }
    }
    if (this.#failure)
      notes.push({
        text: this.#failure.text,
        cls: failureClass,
        testId: 'tournament-action-error',
        link: this.#failure.link,
        alert: true,
      });
    const key = JSON.stringify(notes);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren(
      ...notes.map((n) => {
        const p = document.createElement('p');
        p.className = n.cls;
        if (n.testId) p.dataset.testid = n.testId;
        if (n.standing) p.dataset.standing = n.standing;
        if (n.alert) p.setAttribute('role', 'alert');
        p.textContent = n.text;
        if (n.link) {
          const a = document.createElement('a');
          a.href = n.link.href;
          a.className = 'font-semibold underline underline-offset-4';
          a.textContent = n.link.text;
          p.append(' ', a);
        }
        return p;
      }),
    );
  }

  /**
   * "Più tardi" only defers the faction: a member without one is offered it here, and so is a player whose place
   * in a team that still waits for its members counts as taking part.
   */
  #checkTeam() {
    const me = this.#t.me;
    const user = $user.get();
    const inPendingTeam = $inPendingTeam.get() === this.#t.id;
    const inRoster = Boolean(me?.member || me?.waitlistPosition != null || inPendingTeam);
    const competitionId = this.#t.competitionId;
    const key = inRoster && competitionId && user ? `${competitionId}|${user.id}` : '';
    if (key === this.#teamKey) return;
    this.#teamKey = key;
    if (!key || !competitionId || !user) {
      if (this.#teamPending) {
        this.#teamPending = null;
        this.#render();
      }
      return;
    }
    void withoutFaction(competitionId, user.id, this.#state.championshipPath).then((missing) => {
      if (this.#teamKey !== key) return;
      this.#teamPending = missing ? competitionId : null;
      this.#render();
    });
  }
}

/**
 * Defines <tournament-banner>, whose first click that needs a dialog loads `load`: the page's module
 * that mounts tournament-actions.tsx with the dialogs of the domains above the tournaments (the
 * results' match report).
 */
export function defineTournamentBanner(load: typeof dialogs) {
  dialogs = load;
  if (!customElements.get('tournament-banner')) customElements.define('tournament-banner', TournamentBanner);
}
