import type { Locale, Messages } from './i18n.ts';
import itCommon from '../../../locales/it/common.json' with { type: 'json' };
import enCommon from '../../../locales/en/common.json' with { type: 'json' };
import itAccounts from '../../../locales/it/accounts.json' with { type: 'json' };
import enAccounts from '../../../locales/en/accounts.json' with { type: 'json' };
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
import itRewards from '../../../locales/it/rewards.json' with { type: 'json' };
import enRewards from '../../../locales/en/rewards.json' with { type: 'json' };
import itRewardsAdmin from '../../../locales/it/rewards-admin.json' with { type: 'json' };
import enRewardsAdmin from '../../../locales/en/rewards-admin.json' with { type: 'json' };
import itCampaignAdmin from '../../../locales/it/campaign-admin.json' with { type: 'json' };
import enCampaignAdmin from '../../../locales/en/campaign-admin.json' with { type: 'json' };
import itNews from '../../../locales/it/news.json' with { type: 'json' };
import enNews from '../../../locales/en/news.json' with { type: 'json' };
import itAudit from '../../../locales/it/audit.json' with { type: 'json' };
import enAudit from '../../../locales/en/audit.json' with { type: 'json' };
import itCampaign from '../../../locales/it/campaign.json' with { type: 'json' };
import enCampaign from '../../../locales/en/campaign.json' with { type: 'json' };
import itResults from '../../../locales/it/results.json' with { type: 'json' };
import enResults from '../../../locales/en/results.json' with { type: 'json' };
import itResultsAdmin from '../../../locales/it/results-admin.json' with { type: 'json' };
import enResultsAdmin from '../../../locales/en/results-admin.json' with { type: 'json' };
import itBrackets from '../../../locales/it/brackets.json' with { type: 'json' };
import enBrackets from '../../../locales/en/brackets.json' with { type: 'json' };
import itPlayers from '../../../locales/it/players.json' with { type: 'json' };
import enPlayers from '../../../locales/en/players.json' with { type: 'json' };

/**
 * Every namespace of both locales. Pages read it at build time; an island receives only the
 * namespaces it needs as a prop, so no dictionary is fetched or bundled twice.
 */
export const messages = {
  it: {
    common: itCommon,
    accounts: itAccounts,
    errors: itErrors,
    email: itEmail,
    legal: itLegal,
    dashboard: itDashboard,
    home: itHome,
    tournaments: itTournaments,
    rewards: itRewards,
    rewardsAdmin: itRewardsAdmin,
    campaignAdmin: itCampaignAdmin,
    news: itNews,
    audit: itAudit,
    campaign: itCampaign,
    results: itResults,
    resultsAdmin: itResultsAdmin,
    brackets: itBrackets,
    players: itPlayers,
  },
  en: {
    common: enCommon,
    accounts: enAccounts,
    errors: enErrors,
    email: enEmail,
    legal: enLegal,
    dashboard: enDashboard,
    home: enHome,
    tournaments: enTournaments,
    rewards: enRewards,
    rewardsAdmin: enRewardsAdmin,
    campaignAdmin: enCampaignAdmin,
    news: enNews,
    audit: enAudit,
    campaign: enCampaign,
    results: enResults,
    resultsAdmin: enResultsAdmin,
    brackets: enBrackets,
    players: enPlayers,
  },
} satisfies Record<Locale, Record<string, Messages>>;

export type Namespace = keyof (typeof messages)['it'];

/** The chosen namespaces of one locale, as one object keyed by namespace ("accounts.login.title"). */
export function pick(locale: Locale, ...namespaces: Namespace[]): Messages {
  return Object.fromEntries(namespaces.map((n) => [n, messages[locale][n] as Messages]));
}
