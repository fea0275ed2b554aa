import { $token, $user, $sessionLoading, loadSession } from '../../../platform/browser/session.ts';
import { api } from '../../../platform/browser/api-client.ts';
import { formatDateTime, SITE_TIME_ZONE } from '../../../platform/i18n/date-time.ts';
import { translate, type Messages } from '../../../platform/i18n/i18n.ts';
import type { TypedCall } from '../../../platform/browser/typed-api.ts';
import type { CampaignApi } from '../endpoints.ts';

const call: TypedCall<CampaignApi> = api;

/**
 * <campaign-upload>: the screenshot upload, without a framework (the page's
 * JavaScript budget is 15 KB). A click on any `[data-campaign-upload]` button shows the login toast
 * to a visitor who is not logged in, else opens the dialog showing the session's username (the server
 * stores a submission under it, so there is nothing to type) with the e-mail prefilled, and the
 * player's own submissions. The form checks what it can before sending (required fields,
 * the 2 MB limit), posts multipart to the API and shows `errors.<code>` texts, never the server's
 * English. CampaignUpload.astro renders every text; this file only picks and fills.
 */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const TOAST_MS = 3000;
type Field = 'email' | 'file';
const fields: Field[] = ['email', 'file'];

export class CampaignUpload extends HTMLElement {
  #labels: Messages = {};
  #toastTimers: ReturnType<typeof setTimeout>[] = [];
  #busy = false;

  connectedCallback() {
    this.#labels = JSON.parse(this.querySelector('script[data-labels]')?.textContent || '{}');
    if ($sessionLoading.get()) loadSession();
    document.addEventListener('click', this.#onDocumentClick);
    this.#dialog.querySelector('[data-close]')!.addEventListener('click', () => this.#dialog.close());
    // a click on the backdrop (outside the dialog's box) closes it too
    this.#dialog.addEventListener('click', (e) => {
      if (e.target === this.#dialog) this.#dialog.close();
    });
    this.#form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#submit();
    });
    this.#form.addEventListener('input', (e) => {
      const name = (e.target as HTMLInputElement).name as Field;
      if (fields.includes(name)) this.#setFieldError(name, null);
    });
  }

  disconnectedCallback() {
    document.removeEventListener('click', this.#onDocumentClick);
  }

  get #dialog() {
    return this.querySelector('dialog')!;
  }

  get #form() {
    return this.querySelector<HTMLFormElement>('form[data-form]')!;
  }

  #t(key: string, vars?: Record<string, string | number>) {
    return translate(this.#labels, key, vars);
  }

  #onDocumentClick = (e: MouseEvent) => {
    const button = (e.target as Element).closest?.('[data-campaign-upload]');
    if (!button) return;
    e.preventDefault();
    if ($user.get() && $token.get()) this.#open();
    else this.#showToast();
  };

  /** Uploading needs a login; an anonymous visitor gets an info toast, top-center, gone after 3000 ms. */
  #showToast() {
    const toast = this.querySelector<HTMLElement>('[data-toast]')!;
    this.#toastTimers.forEach(clearTimeout);
    toast.style.opacity = '1';
    toast.hidden = false;
    this.#toastTimers = [
      setTimeout(() => (toast.style.opacity = '0'), TOAST_MS - 200),
      setTimeout(() => (toast.hidden = true), TOAST_MS),
    ];
  }

  #open() {
    const user = $user.get()!;
    const form = this.#form;
    this.querySelector<HTMLElement>('[data-username]')!.textContent = user.username ?? '';
    // prefilled from the session each time, unless the player already typed something this visit
    const email = form.elements.namedItem('email') as HTMLInputElement;
    if (!email.value) email.value = user.email ?? '';
    this.#message('error', null);
    this.#message('success', null);
    if (!this.#dialog.open) this.#dialog.showModal();
    void this.#loadMine();
  }

  async #submit() {
    if (this.#busy) return;
    const form = this.#form;
    const input = (name: Field) => form.elements.namedItem(name) as HTMLInputElement;
    const email = input('email');
    const file = input('file').files?.[0];
    this.#message('error', null);
    this.#message('success', null);

    const problems: [Field, string][] = [];
    if (!email.value.trim()) problems.push(['email', 'requiredField']);
    else if (email.validity.typeMismatch) problems.push(['email', 'email']);
    if (!file) problems.push(['file', 'requiredField']);
    else if (file.size > MAX_IMAGE_BYTES) problems.push(['file', 'imageTooLarge']);
    fields.forEach((f) => this.#setFieldError(f, problems.find(([p]) => p === f)?.[1] ?? null));
    if (problems.length) {
      input(problems[0][0]).focus();
      return;
    }

    const body = new FormData();
    // text fields first: the server reads them before the image part
    body.append('email', email.value.trim());
    body.append('note', this.dataset.note ?? '');
    body.append('file', file!);
    this.#setBusy(true);
    let res: Response | null = null;
    let json: { status?: string; error?: { code?: string; issues?: { path: string; message: string }[] } } | null =
      null;
    try {
      res = await fetch(`${this.dataset.api ?? '/api'}/marketplace/submissions`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${$token.get()}` },
        body,
      });
      json = await res.json().catch(() => null);
    } catch {
      // network failure: the generic text below
    }
    this.#setBusy(false);
    if (res?.ok && json?.status === 'SUCCESS') {
      input('file').value = '';
      this.#message('success', '');
      void this.#loadMine();
      return;
    }
    const code: string = res ? (json?.error?.code ?? '') : 'NETWORK_ERROR';
    const issues: { path: string; message: string }[] = json?.error?.issues ?? [];
    let placed = false;
    for (const issue of issues) {
      const field = issue.path.split('.').pop() as Field;
      if (!fields.includes(field)) continue;
      this.#setFieldError(field, issue.message === 'email' ? 'email' : 'requiredField');
      placed = true;
    }
    if (code === 'IMAGE_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE') {
      this.#setFieldError('file', 'imageTooLarge');
      placed = true;
    }
    if (placed && code === 'VALIDATION_ERROR') return;
    const known = this.#t(`errors.${code}`);
    this.#message('error', code && known !== `errors.${code}` ? known : this.#t('submitFailed'));
  }

  #setBusy(busy: boolean) {
    this.#busy = busy;
    const button = this.querySelector<HTMLButtonElement>('[data-submit]')!;
    button.disabled = busy;
    button.textContent = this.#t(busy ? 'submitting' : 'submit');
  }

  #setFieldError(field: Field, key: string | null) {
    const input = this.#form.elements.namedItem(field) as HTMLInputElement;
    const error = this.querySelector<HTMLElement>(`[data-error-for="${field}"]`)!;
    error.textContent = key ? this.#t(key) : '';
    error.hidden = !key;
    if (key) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  /** The form's alert or success line; '' shows the rendered text, null hides it. */
  #message(kind: 'error' | 'success', text: string | null) {
    const el = this.querySelector<HTMLElement>(kind === 'error' ? '[data-form-error]' : '[data-form-success]')!;
    if (text) el.textContent = text;
    el.hidden = text === null;
  }

  async #loadMine() {
    const show = (state: 'loading' | 'empty' | 'error' | null) =>
      this.querySelectorAll<HTMLElement>('[data-mine]').forEach((el) => (el.hidden = el.dataset.mine !== state));
    const list = this.querySelector<HTMLUListElement>('[data-mine-list]')!;
    if (!list.children.length) show('loading');
    const result = await call<'GET /marketplace/submissions/mine'>(
      `/marketplace/submissions/mine?note=${encodeURIComponent(this.dataset.note ?? '')}`,
      {
        base: this.dataset.api,
        token: $token.get(),
      },
    );
    if (!result.ok) {
      show('error');
      return;
    }
    const template = this.querySelector<HTMLTemplateElement>('template[data-mine-item]')!;
    const locale = this.dataset.locale === 'en' ? 'en' : 'it';
    const numberFormat = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'it-IT', { useGrouping: true });
    list.replaceChildren(
      ...result.data.map((s) => {
        const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
        const field = (name: string) => item.querySelector<HTMLElement>(`[data-field="${name}"]`)!;
        const date = formatDateTime(s.createdAt, locale, { timeZone: SITE_TIME_ZONE });
        const thumb = field('thumb') as HTMLImageElement;
        thumb.src = s.imageUrl;
        thumb.alt = this.#t('thumbnail', { date });
        field('phase').textContent = this.#t('phase', { phase: s.phase });
        field('status').textContent = this.#t(`status.${s.status}`);
        field('status').dataset.status = s.status;
        item.dataset.status = s.status;
        const time = field('date') as HTMLTimeElement;
        time.dateTime = s.createdAt;
        time.textContent = date;
        const detail =
          s.status === 'approved' && s.score !== null
            ? this.#t('score', { score: numberFormat.format(s.score) })
            : s.status === 'rejected' && s.reason
              ? this.#t('reason', { reason: s.reason })
              : '';
        field('detail').textContent = detail;
        field('detail').hidden = !detail;
        return item;
      }),
    );
    show(result.data.length ? null : 'empty');
  }
}

if (!customElements.get('campaign-upload')) customElements.define('campaign-upload', CampaignUpload);
