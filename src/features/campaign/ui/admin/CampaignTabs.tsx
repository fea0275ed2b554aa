import { PHASE_COUNT } from '../../contract.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { localizePath, type Locale } from '../../../../platform/i18n/i18n.ts';
import { linkClass } from '../../../../platform/ui/ui.ts';
import type { Translator } from '../../../../platform/ui/use-t.ts';
import { standingsPath } from './campaign-admin.ts';

interface Props {
  t: Translator;
  locale: Locale;
  current: 'queue' | 'schedule';
}

const tabClass = (active: boolean) =>
  `rounded-lg px-3 py-2 text-sm font-semibold outline-none transition focus-visible:ring-2 focus-visible:ring-accent ${
    active ? 'bg-brand/25 text-white ring-1 ring-brand/50' : 'text-slate-400 hover:bg-white/5 hover:text-white'
  }`;

/**
 * The campaign pages' own navigation (moderation queue, schedule) and the links to each phase's
 * public standings, which the admin checks after approving (the page is built elsewhere).
 */
export default function CampaignTabs({ t, locale, current }: Props) {
  const tabs = [
    { id: 'queue', href: sectionPath('campaign') },
    { id: 'schedule', href: sectionPath('campaignSchedule') },
  ] as const;
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <nav aria-label={t('campaignAdmin.tabs.label')}>
        <ul className="flex gap-2">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <a
                href={localizePath(tab.href, locale)}
                aria-current={tab.id === current ? 'page' : undefined}
                className={tabClass(tab.id === current)}
                data-testid={`campaign-tab-${tab.id}`}
              >
                {t(`campaignAdmin.tabs.${tab.id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav
        aria-label={t('campaignAdmin.standings.label')}
        className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
        data-testid="campaign-standings-links"
      >
        <span className="text-slate-400">{t('campaignAdmin.standings.title')}</span>
        {Array.from({ length: PHASE_COUNT }, (_, i) => i + 1).map((phase) => (
          <a
            key={phase}
            href={localizePath(standingsPath(phase), locale)}
            className={linkClass}
            data-testid={`campaign-standings-link-${phase}`}
          >
            {t('campaignAdmin.standings.phase', { n: phase })}
          </a>
        ))}
      </nav>
    </div>
  );
}
