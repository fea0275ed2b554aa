import { cardNameParts } from '../tournament-view.ts';

/**
 * The card title's two lines: with a distinguishing part (cardNameParts) the series takes the first
 * line, cut with an ellipsis when long, and the distinguishing part the second, always in view;
 * without one the name wraps over up to two lines. The same classes on the server's cards and the
 * ones <tournament-grid> fills in.
 */
export const cardNameClasses = {
  headOfTwo: 'block truncate',
  whole: 'line-clamp-2',
  tail: 'block truncate',
} as const;

/** Fills a card title's `[data-name-head]` and `[data-name-tail]` with `name`. */
export function fillCardName(title: HTMLElement, name: string) {
  const { head, tail } = cardNameParts(name);
  const headEl = title.querySelector<HTMLElement>('[data-name-head]');
  const tailEl = title.querySelector<HTMLElement>('[data-name-tail]');
  title.title = name;
  if (!headEl || !tailEl) return void (title.textContent = name);
  headEl.textContent = head;
  headEl.className = tail ? cardNameClasses.headOfTwo : cardNameClasses.whole;
  tailEl.textContent = tail;
  tailEl.hidden = !tail;
}
