import type { Locale } from '../../i18n/i18n.ts';
import type { Translator } from '../use-t.ts';
import { countKey } from './format.ts';
import { formatDateTime } from '../../i18n/date-time.ts';

interface Props {
  t: Translator;
  locale: Locale;
  /** whose texts: `<ns>.duplicates.{title,titleOne,entry,more}` (the campaign's screenshots, the match reports) */
  ns: 'campaignAdmin' | 'resultsAdmin';
  /** the other sendings of the picture (oldest first, a few) and how many there are in all */
  item: { duplicates: { id: string; username: string; createdAt: string }[]; duplicateCount: number };
  /** inside a table cell: smaller text */
  compact?: boolean;
}

/**
 * The same picture sent more than once (by this player or someone else) is the main sign of a
 * reused screenshot: say so plainly and list who else sent it and when, so the admin can compare.
 * Shared by the campaign's moderation queue and the match reports queue, which check one pixel hash.
 */
export default function DuplicateWarning({ t, locale, ns, item, compact = false }: Props) {
  const { duplicates, duplicateCount } = item;
  const hidden = duplicateCount - duplicates.length;
  return (
    <div
      role="note"
      data-testid="submission-duplicates"
      className={`mt-2 rounded-lg border border-amber-500/50 bg-amber-500/10 text-amber-100 ${
        compact ? 'px-2.5 py-2 text-xs' : 'px-3 py-2.5 text-sm'
      }`}
    >
      <p className="font-semibold text-amber-200">
        <span aria-hidden="true">⚠ </span>
        {t(countKey(`${ns}.duplicates.title`, duplicateCount), { count: duplicateCount })}
      </p>
      <ul className="mt-1 space-y-0.5">
        {duplicates.map((d) => (
          <li key={d.id} data-testid="submission-duplicate">
            {t(`${ns}.duplicates.entry`, { username: d.username, date: formatDateTime(d.createdAt, locale) })}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="mt-1 text-amber-200/80">{t(`${ns}.duplicates.more`, { count: hidden })}</p>}
    </div>
  );
}
