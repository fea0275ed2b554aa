import { readListPlace, writeListPlace, type ListPlace } from '../../../../platform/ui/admin/use-admin-list.ts';
import { sectionPath } from '../../../../platform/ui/admin/sections.ts';
import { localizePath, type Locale } from '../../../../platform/i18n/i18n.ts';
import { tournamentSorts } from '../../contract.ts';

/**
 * The tournaments list's place (search, page, archive filter, sort) travels with the editor's
 * address as `?list=`, so the editor's way back returns to the same page of the same search.
 */

/** The archive filter: every tournament (archived ones marked), those not archived, or only the archived. */
export const archiveChoices = ['include', 'hide', 'only'] as const;

/** The list's params: the sort and the archive filter. */
export const tournamentListParams = {
  sort: { values: tournamentSorts, initial: 'newest' },
  archived: { values: archiveChoices, initial: 'include' },
};

/** The list's place as `?list=` of an editor's address, left out when it is the list's first page. */
const listQuery = (place: ListPlace): Record<string, string> => {
  const search = writeListPlace('', place, tournamentListParams).slice(1);
  return search ? { list: search } : {};
};

/** The editor of one tournament, or (no id) of a new one, opened from the list at `place`. */
export const editorHref = (locale: Locale, place: ListPlace, id?: string) =>
  localizePath(
    id
      ? sectionPath('tournamentsEdit', { id, ...listQuery(place) })
      : sectionPath('tournamentsNew', listQuery(place).list ? listQuery(place) : undefined),
    locale,
  );

/** The list's place an editor's address (`?list=`) came from; only the list's own params, each checked. */
export const placeFromEditor = (editorSearch: string): ListPlace =>
  readListPlace(new URLSearchParams(editorSearch).get('list') ?? '', tournamentListParams);

/** The way back from an editor whose address is `editorSearch`: the list, at the place it was opened from. */
export const listHref = (locale: Locale, editorSearch: string) =>
  localizePath(
    sectionPath('tournaments') + writeListPlace('', placeFromEditor(editorSearch), tournamentListParams),
    locale,
  );
