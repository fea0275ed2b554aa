import type { RedeemResult } from '../contract.ts';
import { formatNumber } from '../rewards-format.ts';
import { api, marketplaceApiBase } from '../../../platform/browser/api-client.ts';
import { LOGIN_REASON_REDEEM, REDEEM_TOKEN_KEY } from '../../../platform/browser/auth-redirect.ts';
import { setCredits } from './credits.ts';
import { celebrateEarnedBadges } from '../../../platform/ui/earned-badges/earned-badge.ts';
import { idempotentSender } from '../../../platform/browser/idempotency.ts';
import { translate } from '../../../platform/i18n/i18n.ts';
import { $sessionLoading, $token, loadSession } from '../../../platform/browser/session.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { RewardsApi } from '../endpoints.ts';

const call: TypedCall<RewardsApi> = api;

/**
 * <redeem-form>: /marketplace/redeem. `?token=` prefills the code; a
 * visitor who arrives with one has it parked in localStorage (`redeemToken`) and goes to log in,
 * and the login form brings them back here with it. The code is trimmed and must not be empty;
 * POST /marketplace/giveaways/redeem carries an Idempotency-Key per attempt (src/platform/browser/idempotency.ts).
 * RedeemForm.astro documents the markup.
 */
export class RedeemForm extends HTMLElement {
  // the texts RedeemForm.astro rendered: strings, and `errors` (a message per API error code)
  #labels: Record<string, string> & { errors?: Record<string, string> } = {};
  #send = idempotentSender<RedeemResult>();
  #busy = false;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    if ($sessionLoading.get()) loadSession();
    const code = new URLSearchParams(location.search).get('token')?.trim() ?? '';
    if (code && !$token.get()) return this.#toLogin(code);
    this.#input.value = code;
    this.#form.addEventListener('submit', this.#onSubmit);
    this.#input.addEventListener('input', this.#onInput);
    this.#submit.disabled = false;
  }

  disconnectedCallback() {
    this.#form.removeEventListener('submit', this.#onSubmit);
    this.#input.removeEventListener('input', this.#onInput);
  }

  get #form() {
    return this.querySelector<HTMLFormElement>('form[data-form]')!;
  }
  get #input() {
    return this.querySelector<HTMLInputElement>('#redeem-code')!;
  }
  get #submit() {
    return this.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  }
  #part(name: string) {
    return this.querySelector<HTMLElement>(`[data-${name}]`)!;
  }

  get #locale() {
    return this.dataset.locale === 'en' ? 'en' : 'it';
  }

  #credits(n: number) {
    return translate(this.#labels, n === 1 ? 'creditsOne' : 'creditsOther', { amount: formatNumber(n, this.#locale) });
  }

  #toLogin(code: string) {
    try {
      localStorage.setItem(REDEEM_TOKEN_KEY, code);
    } catch (e) {
      console.error('the redeem code could not be stored', e);
    }
    this.#part('guest-login').hidden = true;
    this.#part('redirecting').hidden = false;
    // the login page says why the player is there; the parked code brings them back after it
    location.replace(`${this.dataset.login ?? '/login'}?reason=${LOGIN_REASON_REDEEM}`);
  }

  #onInput = () => {
    this.#fieldError('');
    this.#part('error').hidden = true;
  };

  #fieldError(message: string) {
    const error = this.querySelector<HTMLElement>('#redeem-code-error')!;
    error.textContent = message;
    if (message) this.#input.setAttribute('aria-invalid', 'true');
    else this.#input.removeAttribute('aria-invalid');
  }

  #setBusy(busy: boolean) {
    this.#busy = busy;
    this.#submit.disabled = busy;
    this.#submit.setAttribute('aria-busy', String(busy));
    this.#part('idle').hidden = busy;
    this.#part('busy').hidden = !busy;
  }

  #onSubmit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (this.#busy) return;
    const code = this.#input.value.trim();
    this.#input.value = code;
    this.#part('error').hidden = true;
    this.#part('success').hidden = true;
    if (!code) {
      this.#fieldError(this.#labels.required);
      this.#input.focus();
      return;
    }
    this.#setBusy(true);
    const res = await this.#send(code.toUpperCase(), (key) =>
      call<'POST /marketplace/giveaways/redeem'>('/marketplace/giveaways/redeem', {
        base: marketplaceApiBase,
        body: { token: code },
        headers: { 'idempotency-key': key },
      }),
    );
    this.#setBusy(false);
    if (!res.ok) {
      const error = this.#part('error');
      error.textContent = this.#labels.errors?.[res.code] ?? this.#labels.failed;
      error.hidden = false;
      if (res.code === 'VALIDATION_ERROR') this.#input.setAttribute('aria-invalid', 'true');
      return;
    }
    const received = res.data.credits ?? res.data.amount;
    setCredits(res.data.balance);
    this.#part('success-credits').textContent = translate(this.#labels, 'success', {
      credits: this.#credits(received),
    });
    this.#part('success-balance').textContent = translate(this.#labels, 'balance', {
      credits: this.#credits(res.data.balance),
    });
    this.#part('success').hidden = false;
    this.#input.value = '';
    // a reload must not offer the used code again
    const url = new URL(location.href);
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
    celebrateEarnedBadges(res.earnedBadges);
  };
}

if (!customElements.get('redeem-form')) customElements.define('redeem-form', RedeemForm);
