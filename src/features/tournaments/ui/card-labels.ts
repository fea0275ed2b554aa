import type { Locale } from '../../../platform/i18n/i18n.ts';
import { messages } from '../../../platform/i18n/messages.ts';
import type { CardLabels } from '../tournament-view.ts';
import type { Badge } from '../rules.ts';

/** The texts a card needs, read from the tournaments namespace (server side, at build or request time). */
export function cardLabels(locale: Locale): CardLabels & { phases: Record<Badge, string> } {
  const ns = messages[locale].tournaments;
  return { games: ns.games, consoles: ns.consoles, noDate: ns.card.noDate, phases: ns.phase };
}
