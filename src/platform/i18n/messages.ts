import type { Locale, Messages } from './i18n.ts';
import itCommon from '../../../locales/it/common.json' with { type: 'json' };
import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import itAuth from '../../../locales/it/auth.json' with { type: 'json' };
import enAuth from '../../../locales/en/auth.json' with { type: 'json' };
import itSettings from '../../../locales/it/settings.json' with { type: 'json' };
import enSettings from '../../../locales/en/settings.json' with { type: 'json' };
import itErrors from '../../../locales/it/errors.json' with { type: 'json' };
import enErrors from '../../../locales/en/errors.json' with { type: 'json' };
import itEmail from '../../../locales/it/email.json' with { type: 'json' };
import enEmail from '../../../locales/en/email.json' with { type: 'json' };
import itLegal from '../../../locales/it/legal.json' with { type: 'json' };
import enLegal from '../../../locales/en/legal.json' with { type: 'json' };
import itDashboard from '../../../locales/it/dashboard.json' with { type: 'json' };
import enDashboard from '../../../locales/en/dashboard.json' with { type: 'json' };
import itHome from '../../../locales/it/home.json' with { type: 'json' };
import enHome from '../../../locales/en/home.json' with { type: 'json' };
import itTournaments from '../../../locales/it/tournaments.json' with { type: 'json' };
import enTournaments from '../../../locales/en/tournaments.json' with { type: 'json' };
import itChampionship from '../../../locales/it/championship.json' with { type: 'json' };
import enChampionship from '../../../locales/en/championship.json' with { type: 'json' };
import itRewards from '../../../locales/it/rewards.json' with { type: 'json' };
import enRewards from '../../../locales/en/rewards.json' with { type: 'json' };
import itAdminCatalog from '../../../locales/it/admin-catalog.json' with { type: 'json' };
import enAdminCatalog from '../../../locales/en/admin-catalog.json' with { type: 'json' };
import itAdminEconomy from '../../../locales/it/admin-economy.json' with { type: 'json' };
import enAdminEconomy from '../../../locales/en/admin-economy.json' with { type: 'json' };
import itAdminCampaign from '../../../locales/it/admin-campaign.json' with { type: 'json' };
import enAdminCampaign from '../../../locales/en/admin-campaign.json' with { type: 'json' };
import itNews from '../../../locales/it/news.json' with { type: 'json' };
import enNews from '../../../locales/en/news.json' with { type: 'json' };
import itCampaign from '../../../locales/it/campaign.json' with { type: 'json' };
import enCampaign from '../../../locales/en/campaign.json' with { type: 'json' };

/**
 * Every namespace of both locales. Pages read it at build time; an island receives only the
 * namespaces it needs as a prop, so no dictionary is fetched or bundled twice.
 */
export const messages = {
  it: {
    common: itCommon,
    auth: itAuth,
    settings: itSettings,
    errors: itErrors,
    email: itEmail,
    legal: itLegal,
    dashboard: itDashboard,
    home: itHome,
    tournaments: itTournaments,
    championship: itChampionship,
    rewards: itRewards,
    adminCatalog: itAdminCatalog,
    adminEconomy: itAdminEconomy,
    adminCampaign: itAdminCampaign,
    news: itNews,
    campaign: itCampaign,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    settings: enSettings,
    errors: enErrors,
    email: enEmail,
    legal: enLegal,
    dashboard: enDashboard,
    home: enHome,
    tournaments: enTournaments,
    championship: enChampionship,
    rewards: enRewards,
    adminCatalog: enAdminCatalog,
    adminEconomy: enAdminEconomy,
    adminCampaign: enAdminCampaign,
    news: enNews,
    campaign: enCampaign,
  },
} satisfies Record<Locale, Record<string, Messages>>;

export type Namespace = keyof (typeof messages)['it'];

/** The chosen namespaces of one locale, as one object keyed by namespace ("auth.login.title"). */
export function pick(locale: Locale, ...namespaces: Namespace[]): Messages {
  return Object.fromEntries(namespaces.map((n) => [n, messages[locale][n] as Messages]));
}
