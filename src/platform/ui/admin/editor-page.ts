import { localizePath, type Locale } from '../../i18n/i18n.ts';
import type { Translator } from '../use-t.ts';
import { sectionPath, type EditorSectionKey } from './sections.ts';

/**
 * What the frame of an editor page and its form both say: the test ids' prefix (`name`), where the form's texts
 * live (`ns`), and the list the page belongs to, which the back link, Cancel and a saved record return to.
 */
export interface EditorPage {
  t: Translator;
  name: string;
  ns: string;
  listHref: string;
  back: { href: string; label: string };
}

/** An editor page of the list `list`; its back link reads `<ns>.backToList` unless `backLabel` says otherwise. */
export function editorPage(
  t: Translator,
  locale: Locale,
  { list, name, ns, backLabel }: { list: EditorSectionKey; name: string; ns: string; backLabel?: string },
): EditorPage {
  const listHref = localizePath(sectionPath(list), locale);
  return { t, name, ns, listHref, back: { href: listHref, label: backLabel ?? t(`${ns}.backToList`) } };
}
