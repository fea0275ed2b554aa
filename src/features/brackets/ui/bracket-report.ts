import type { MyMatch } from '../contract.ts';
import type { BracketsApi } from '../endpoints.ts';
import { api, storedToken } from '../../../platform/browser/api-client.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import { translate } from '../../../platform/i18n/i18n.ts';

const call: TypedCall<BracketsApi> = api;

type Labels = Record<string, string> & { state: Record<string, string>; errors: Record<string, string> };

/**
 * <bracket-report>: adds a score form to each match card of the bracket page whose side the
 * signed-in player is (GET /tournaments/{id}/bracket/mine with the stored token), posts the
 * report, and shows what followed: waiting for the other side, confirmed, or disputed. Nothing
 * happens for a visitor without a token. BracketReport.astro documents the markup.
 */
export class BracketReportElement extends HTMLElement {
  #labels = {} as Labels;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}') as Labels;
    void this.#load();
  }

  get #tournamentId() {
    return this.dataset.tournamentId ?? '';
  }

  async #load() {
    if (!storedToken()) return;
    const res = await call<'GET /tournaments/:id/bracket/mine'>(
      `/tournaments/${encodeURIComponent(this.#tournamentId)}/bracket/mine`,
    );
    if (!res.ok) return;
    for (const mine of res.data) this.#addForm(mine);
  }

  #addForm(mine: MyMatch) {
    const card = this.querySelector<HTMLElement>(`[data-match-id="${CSS.escape(mine.matchId)}"]`);
    const slot = card?.querySelector<HTMLElement>('[data-report-slot]');
    const template = this.querySelector<HTMLTemplateElement>('template[data-report-form]');
    if (!card || !slot || !template || slot.childElementCount) return;
    const form = (template.content.cloneNode(true) as DocumentFragment).querySelector('form')!;
    for (const side of ['a', 'b'] as const) {
      const input = form.querySelector<HTMLInputElement>(`input[name="score${side.toUpperCase()}"]`)!;
      const label = form.querySelector<HTMLLabelElement>(`label[data-for="${side}"]`)!;
      input.id = `report-${mine.matchId}-${side}`;
      label.htmlFor = input.id;
      label.textContent =
        card.querySelector(`[data-side="${side}"] [data-side-name]`)?.textContent ?? side.toUpperCase();
    }
    if (mine.report) {
      form.querySelector<HTMLInputElement>('input[name="scoreA"]')!.value = String(mine.report.scoreA);
      form.querySelector<HTMLInputElement>('input[name="scoreB"]')!.value = String(mine.report.scoreB);
      this.#say(form, translate(this.#labels, 'yours', { a: mine.report.scoreA, b: mine.report.scoreB }));
    }
    form.addEventListener('submit', (e) => void this.#submit(e, form, card, mine.matchId));
    slot.append(form);
  }

  #say(form: HTMLFormElement, text: string, tone: 'info' | 'error' = 'info') {
    const message = form.querySelector<HTMLElement>('[data-message]')!;
    message.textContent = text;
    message.classList.toggle('text-rose-300', tone === 'error');
  }

  async #submit(e: SubmitEvent, form: HTMLFormElement, card: HTMLElement, matchId: string) {
    e.preventDefault();
    const inputs = [...form.querySelectorAll<HTMLInputElement>('input[type="number"]')];
    const values = inputs.map((i) => (/^\d{1,3}$/.test(i.value.trim()) ? Number(i.value.trim()) : null));
    inputs.forEach((input, k) => input.setAttribute('aria-invalid', String(values[k] === null)));
    const bad = inputs.find((_, k) => values[k] === null);
    if (bad) {
      this.#say(form, this.#labels.required, 'error');
      bad.focus();
      return;
    }
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.disabled = true;
    button.textContent = this.#labels.sending;
    const res = await call<'POST /tournaments/:id/bracket/matches/:matchId/report'>(
      `/tournaments/${encodeURIComponent(this.#tournamentId)}/bracket/matches/${encodeURIComponent(matchId)}/report`,
      // both are numbers: a missing one returned above
      { body: { scoreA: values[0]!, scoreB: values[1]! } },
    );
    button.disabled = false;
    button.textContent = this.#labels.submit;
    if (!res.ok) {
      this.#say(form, this.#labels.errors[res.code] ?? this.#labels.failed, 'error');
      return;
    }
    const state = res.data.state;
    card.dataset.state = state;
    const label = card.querySelector<HTMLElement>('[data-state-label]');
    if (label) label.textContent = this.#labels.state[state] ?? state;
    this.#say(
      form,
      state === 'confirmed' ? this.#labels.confirmed : state === 'disputed' ? this.#labels.disputed : this.#labels.sent,
    );
    // a confirmed match takes no more reports: the message stays, the inputs go
    if (state === 'confirmed') form.querySelector('div')?.remove();
  }
}

if (!customElements.get('bracket-report')) customElements.define('bracket-report', BracketReportElement);
