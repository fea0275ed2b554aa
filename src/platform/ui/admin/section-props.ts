import type { DashboardSectionKey } from './sections.ts';
import type { Locale } from '../../i18n/i18n.ts';
import type { Translator } from '../use-t.ts';

/** What every lazily loaded dashboard section receives from the shell. */
export interface SectionProps {
  t: Translator;
  locale: Locale;
  /** the page being shown: new and edit pages share one editor module */
  section: DashboardSectionKey;
  /** the deployment's owner id (src/platform/brand.ts), for calls scoped by owner */
  ownerId: string;
  /** the agency of the media uploads, POST /api/media/{agencyName} (src/platform/brand.ts, via the page) */
  agencyName?: string;
}

/** The `id` query parameter of an edit page (/dashboard/tournaments/edit?id=…), or null. */
export function idFromLocation(): string | null {
  if (typeof window === 'undefined') return null;
  const id = new URLSearchParams(window.location.search).get('id');
  return id && id.trim() ? id.trim() : null;
}
