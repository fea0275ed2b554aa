import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenLive } from '../../platform/ui/admin/when-live.ts';
import { useStore } from '@nanostores/react';
import type { User } from '../../features/accounts/contract.ts';
import {
  dashboardNav,
  dashboardPath,
  findSection,
  type DashboardSectionKey,
} from '../../platform/ui/admin/sections.ts';
import { adminGuard } from '../../features/accounts/ui/admin-guard.ts';
import { api } from '../../platform/browser/api-client.ts';
import { localizePath, type Locale, type IslandProps, type Messages } from '../../platform/i18n/i18n.ts';
import { logout } from '../../features/accounts/ui/logout.ts';
import {
  $sessionLoading,
  $token,
  $user,
  clearSession,
  endSession,
  leaveFlash,
  loadSession,
  updateStoredUser,
} from '../../platform/browser/session.ts';
import { showLeftToast } from '../../platform/ui/admin/flash-toast.ts';
import { sectionViews } from './section-views.ts';
import { loadDashboardCatalogue } from './catalogue.ts';
import AppToaster from '../../platform/ui/AppToaster.tsx';
import UnsavedGuard from '../../platform/ui/admin/UnsavedGuard.tsx';
import Spinner from '../../platform/ui/Spinner.tsx';
import { errorBoxClass, secondaryButtonClass } from '../../platform/ui/ui.ts';
import { useT, type Translator } from '../../platform/ui/use-t.ts';
import type { TypedCall } from '../../platform/browser/typed-api.ts';
import type { AccountsApi } from '../../features/accounts/endpoints.ts';

const call: TypedCall<AccountsApi> = api;

interface Props extends IslandProps {
  section: DashboardSectionKey;
  /** the agency of the deployment, whose "{agency}Admin" role may enter (src/platform/brand.ts) */
  agencyName: string;
  /** the deployment's owner id, for calls scoped by owner (src/platform/brand.ts) */
  ownerId: string;
}

/**
 * The phone's section strip scrolls sideways: which of its ends hide links, so a fade shows there,
 * and the current section brought into view when the page opens. From md up the links stand in a
 * column and nothing scrolls.
 */
function useStripEdges() {
  const strip = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const ul = strip.current;
    if (!ul) return;
    const current = ul.querySelector<HTMLElement>('[aria-current="page"]');
    // scrollLeft rather than scrollIntoView, which would also scroll the page
    if (current) ul.scrollLeft = current.offsetLeft - (ul.clientWidth - current.offsetWidth) / 2;
    const measure = () =>
      setEdges({ start: ul.scrollLeft > 1, end: ul.scrollLeft + ul.clientWidth < ul.scrollWidth - 1 });
    measure();
    ul.addEventListener('scroll', measure, { passive: true });
    addEventListener('resize', measure);
    return () => {
      ul.removeEventListener('scroll', measure);
      removeEventListener('resize', measure);
    };
  }, []);
  return { strip, edges };
}

const fadeClass =
  'pointer-events-none absolute top-0 bottom-3 w-10 from-panel to-transparent transition-opacity md:hidden';

/**
 * Leaves the dashboard without a history entry, with a message the main layout shows once. Without one,
 * a message already left (a session the server refused) is kept for the next page.
 */
function leave(flash: 'sessionExpired' | 'unauthorized' | null, path: string, locale: Locale) {
  if (flash) leaveFlash(flash);
  window.location.replace(localizePath(path, locale));
}

/**
 * The client-only admin area (behind the admin guard, docs/product-rules.md "Roles"): a spinner while the session
 * loads, then login (no session, or one the server refused) or home (no admin role), else the shell.
 */
export default function DashboardApp({ locale, messages: first, section, agencyName, ownerId }: Props) {
  const catalogue = useCatalogue(locale);
  const t = useT(catalogue === null || catalogue === 'failed' ? first : catalogue);
  const loading = useStore($sessionLoading);
  const user = useStore($user);
  const token = useStore($token);
  const state = adminGuard({ loading, user, token }, agencyName);

  useEffect(() => {
    if ($sessionLoading.get()) loadSession();
  }, []);

  useEffect(() => {
    if (state === 'loggedOut') {
      leave(null, '/login', locale);
    } else if (state === 'sessionExpired') {
      clearSession();
      leave('sessionExpired', '/login', locale);
    } else if (state === 'unauthorized') {
      leave('unauthorized', '/', locale);
    }
  }, [state, locale]);

  // the stored user may be stale (token revoked, role removed): confirm it with the server once
  const allowed = state === 'allowed';
  useEffect(() => {
    if (!allowed) return;
    return whenLive(call<'GET /users/me'>('/users/me'), (res) => {
      if (res.ok) {
        updateStoredUser(res.data); // a lost admin role turns the guard to 'unauthorized'
      } else if (res.status === 401) {
        // the stored token was refused: the login page says the session expired
        endSession();
      }
    });
  }, [allowed]);

  if (catalogue === 'failed') {
    return (
      <div className="flex min-h-screen items-center justify-center p-4">
        <ReloadAlert t={t} />
      </div>
    );
  }
  if (state !== 'allowed' || !user || catalogue === null) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label={t('dashboard.loading')} testId="dashboard-loading" />
      </div>
    );
  }
  return <Shell t={t} locale={locale} section={section} user={user} ownerId={ownerId} agencyName={agencyName} />;
}

function Shell({
  t,
  locale,
  section,
  user,
  ownerId,
  agencyName,
}: {
  t: Translator;
  locale: Locale;
  section: DashboardSectionKey;
  user: User;
  ownerId: string;
  agencyName: string;
}) {
  const [leaving, setLeaving] = useState(false);
  const View = sectionViews[section];

  // a form that saved and moved here left its success message behind
  useEffect(() => {
    showLeftToast(t);
  }, [t]);
  const current = findSection(section);
  const activeKey = current && 'parent' in current ? current.parent : section;
  const name = user.username || user.email;
  const { strip, edges } = useStripEdges();

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    window.location.assign(localizePath('/', locale));
  };

  return (
    <>
      <AppToaster />
      {/* a form with unsaved changes: a link that leaves asks first */}
      <UnsavedGuard t={t} />
      <div className="min-h-screen md:grid md:grid-cols-[15rem_1fr]" data-testid="dashboard-shell">
        <aside
          className={
            'border-b border-line bg-panel md:sticky md:top-0 md:h-screen md:overflow-y-auto md:border-r md:border-b-0'
          }
        >
          <div className="flex items-center gap-2 px-5 py-4">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-accent shadow-[0_0_12px] shadow-accent" />
            <span className="text-sm font-bold uppercase tracking-widest text-slate-200">{t('dashboard.title')}</span>
          </div>
          <nav aria-label={t('dashboard.navLabel')} data-testid="dashboard-nav" className="relative">
            {/* the fades are drawn only: every link is reached by Tab, and a focused link scrolls into view */}
            <div
              aria-hidden="true"
              data-testid="dashboard-nav-fade-start"
              data-shown={edges.start}
              className={`${fadeClass} left-0 bg-gradient-to-r ${edges.start ? 'opacity-100' : 'opacity-0'}`}
            />
            <ul
              ref={strip}
              className="flex scroll-px-10 gap-1 overflow-x-auto px-3 pb-3 md:flex-col md:overflow-visible"
            >
              {dashboardNav.map((s) => {
                const active = s.key === activeKey;
                return (
                  <li key={s.key} className="shrink-0">
                    <a
                      href={localizePath(dashboardPath(s), locale)}
                      aria-current={s.key === section ? 'page' : undefined}
                      data-testid={`dashboard-nav-${s.key}`}
                      className={
                        'block rounded-lg px-3 py-2 text-sm font-medium outline-none transition ' +
                        `focus-visible:ring-2 focus-visible:ring-accent ${
                          active
                            ? 'bg-brand/25 text-white ring-1 ring-brand/50'
                            : 'text-slate-400 hover:bg-white/5 hover:text-white'
                        }`
                      }
                    >
                      {t(`dashboard.sections.${s.key}`)}
                    </a>
                  </li>
                );
              })}
            </ul>
            <div
              aria-hidden="true"
              data-testid="dashboard-nav-fade-end"
              data-shown={edges.end}
              className={`${fadeClass} right-0 bg-gradient-to-l ${edges.end ? 'opacity-100' : 'opacity-0'}`}
            />
          </nav>
          <div className="hidden px-5 py-4 md:block">
            <a
              href={localizePath('/', locale)}
              className="text-sm text-slate-400 outline-none hover:text-accent focus-visible:text-accent"
              data-testid="dashboard-back-to-site"
            >
              ← {t('dashboard.backToSite')}
            </a>
          </div>
        </aside>
        <div className="flex min-w-0 flex-col">
          <header
            className={
              'flex items-center justify-end gap-3 border-b border-line bg-ink/80 px-4 py-3 backdrop-blur sm:px-8'
            }
          >
            <div className="flex items-center gap-3" aria-label={t('dashboard.accountLabel', { name })} role="group">
              <span
                aria-hidden="true"
                data-testid="dashboard-avatar"
                className={
                  'flex h-9 w-9 items-center justify-center rounded-full ' +
                  'bg-gradient-to-br from-brand to-accent text-sm font-bold text-white'
                }
              >
                {name.charAt(0).toUpperCase()}
              </span>
              <span
                className="max-w-[12rem] truncate text-sm font-medium text-slate-200"
                data-testid="dashboard-username"
              >
                {name}
              </span>
            </div>
            <button
              type="button"
              onClick={onLogout}
              disabled={leaving}
              className={secondaryButtonClass}
              data-testid="dashboard-logout"
            >
              {leaving ? t('dashboard.loggingOut') : t('dashboard.logout')}
            </button>
          </header>
          <main id="main" className="flex-1 px-4 py-8 sm:px-8">
            <h1
              className="text-2xl font-bold tracking-tight text-white sm:text-3xl"
              data-testid="dashboard-section-title"
            >
              {t(`dashboard.sections.${section}`)}
            </h1>
            {/* each section's code is its own chunk, loaded on its page only (section-views.ts) */}
            {View && (
              <SectionBoundary t={t}>
                <Suspense
                  fallback={<Spinner label={t('dashboard.sectionLoading')} testId="dashboard-section-loading" />}
                >
                  <View t={t} locale={locale} section={section} ownerId={ownerId} agencyName={agencyName} />
                </Suspense>
              </SectionBoundary>
            )}
          </main>
        </div>
      </div>
    </>
  );
}

/**
 * A section chunk that fails to download (a deploy replaced it, the network dropped) or a section
 * that throws shows a message with a reload button instead of a blank dashboard.
 */
class SectionBoundary extends Component<{ t: Translator; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('dashboard section failed', error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return <ReloadAlert t={this.props.t} className="mt-6" />;
  }
}

/** What the dashboard says when a part of its code or its texts did not arrive: reloading fetches it again. */
function ReloadAlert({ t, className = '' }: { t: Translator; className?: string }) {
  return (
    <div
      role="alert"
      className={`${errorBoxClass} ${className} flex flex-wrap items-center justify-between gap-3`}
      data-testid="dashboard-section-error"
    >
      <span>{t('dashboard.sectionError')}</span>
      <button type="button" onClick={() => window.location.reload()} className={secondaryButtonClass}>
        {t('dashboard.reload')}
      </button>
    </div>
  );
}

/** The dashboard's catalogue in the page's language (catalogue.ts): null while it loads, 'failed' if it did not. */
function useCatalogue(locale: Locale): Messages | null | 'failed' {
  const [catalogue, setCatalogue] = useState<Messages | null | 'failed'>(null);
  useEffect(
    () =>
      whenLive(
        loadDashboardCatalogue(locale).catch(() => 'failed' as const),
        setCatalogue,
      ),
    [locale],
  );
  return catalogue;
}
