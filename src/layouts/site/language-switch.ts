/**
 * The switch's links are written with the page, which is built once for every visit; the query (a list's page
 * and filters, a record's id) and the fragment belong to this visit. They are carried over when the reader
 * follows a link, so switching language keeps the same view. Lists change the query as the reader filters,
 * so it is read when the link is used, not when the page loads.
 */
const carry = (link: HTMLAnchorElement) => {
  link.search = location.search;
  link.hash = location.hash;
};

for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-language-switch] a')) {
  for (const type of ['click', 'auxclick', 'contextmenu', 'focus'] as const)
    link.addEventListener(type, () => carry(link));
}
