import { $token, $user, loadSession } from '../../platform/browser/session.ts';
import { isAdmin } from '../../features/accounts/roles.ts';
import { logout } from '../../features/accounts/ui/logout.ts';
import { nextFromPage, withNext } from '../../platform/browser/next-path.ts';

/**
 * <session-menu>: the header's account control (the profile menu, or login/signup when logged out). The server renders
 * both shapes, translated; this element picks one from the stored session (through
 * <html data-session="guest|user">, see global.css) and opens and closes its dropdown, so no text
 * lives in script.
 *
 * Markup contract (see SessionMenu.astro): `data-agency` (agency name for the admin check),
 * `data-home` (home in the page's locale, where logout lands), and inside it
 * `[data-session="guest"|"user"]` blocks, each with one `[data-menu-button]` and one
 * `[data-menu-panel]`; `[data-username]`, `[data-initial]`, `[data-admin-only]`, `[data-logout]`, and
 * `[data-carry-next]` on links that carry the current page as `next` when their menu opens.
 *
 * The dropdown follows the disclosure pattern: the button carries aria-expanded, Escape closes and
 * returns focus to the button, a click outside or focus leaving the menu closes it.
 */
export class SessionMenu extends HTMLElement {
  #cleanup: (() => void)[] = [];

  connectedCallback() {
    const render = () => this.#render();
    this.#cleanup.push($user.listen(render), $token.listen(render));
    render();

    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      const button = target.closest<HTMLButtonElement>('[data-menu-button]');
      if (button && this.contains(button)) {
        this.#toggle(button, button.getAttribute('aria-expanded') !== 'true');
        return;
      }
      if (target.closest('[data-logout]')) void this.#logout(target.closest('[data-logout]') as HTMLButtonElement);
    };
    const onDocumentClick = (e: MouseEvent) => {
      if (!this.contains(e.target as Node)) this.#closeAll();
    };
    const onKeydown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = this.querySelector<HTMLButtonElement>('[data-menu-button][aria-expanded="true"]');
      if (!open) return;
      e.preventDefault();
      this.#toggle(open, false);
      open.focus();
    };
    const onFocusOut = (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      if (next && !this.contains(next)) this.#closeAll();
    };
    this.addEventListener('click', onClick);
    this.addEventListener('keydown', onKeydown);
    this.addEventListener('focusout', onFocusOut);
    document.addEventListener('click', onDocumentClick);
    this.#cleanup.push(
      () => this.removeEventListener('click', onClick),
      () => this.removeEventListener('keydown', onKeydown),
      () => this.removeEventListener('focusout', onFocusOut),
      () => document.removeEventListener('click', onDocumentClick),
    );
  }

  disconnectedCallback() {
    this.#cleanup.forEach((f) => f());
    this.#cleanup = [];
  }

  #render() {
    const user = $user.get();
    const loggedIn = Boolean(user && $token.get());
    this.#closeAll();
    // global.css shows the guest or user block (and the credits) from this attribute
    document.documentElement.dataset.session = loggedIn ? 'user' : 'guest';
    if (!user || !loggedIn) return;
    const name = user.username ?? '';
    // a long name is cut short in the header; the whole of it shows on hover
    this.querySelectorAll<HTMLElement>('[data-username]').forEach((el) => {
      el.textContent = name;
      el.title = name;
    });
    this.querySelectorAll('[data-initial]').forEach((el) => (el.textContent = name.charAt(0).toUpperCase()));
    const admin = isAdmin(user.roles ?? [], this.dataset.agency ?? '');
    this.querySelectorAll<HTMLElement>('[data-admin-only]').forEach((el) => (el.hidden = !admin));
  }

  #toggle(button: HTMLButtonElement, open: boolean) {
    if (open) this.#closeAll();
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    button.setAttribute('aria-expanded', String(open));
    if (panel) panel.hidden = !open;
    // a guest's login and sign-up links bring the visitor back here, as the login page's own links do
    if (open)
      panel?.querySelectorAll<HTMLAnchorElement>('a[data-carry-next]').forEach((a) => {
        a.href = withNext(a.pathname, nextFromPage(location.pathname, location.search));
      });
  }

  #closeAll() {
    this.querySelectorAll<HTMLButtonElement>('[data-menu-button][aria-expanded="true"]').forEach((b) =>
      this.#toggle(b, false),
    );
  }

  async #logout(button: HTMLButtonElement) {
    button.disabled = true;
    await logout();
    location.assign(this.dataset.home ?? '/');
  }
}

// the stored session is the source of truth; another tab logging in or out updates this one
loadSession();
window.addEventListener('storage', (e) => {
  if (e.key === null || e.key === 'user' || e.key === 'token') loadSession();
});

if (!customElements.get('session-menu')) customElements.define('session-menu', SessionMenu);
