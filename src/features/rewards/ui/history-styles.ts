/** The classes the two paged histories (/my-orders, /my-wallet) give their header cells and their summary link. */
export const historyHeaderCell = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-400 uppercase';
export const historySummaryLink =
  'inline-flex items-center rounded-full border border-line bg-panel px-4 py-2 ' +
  'text-sm font-medium text-slate-200 hover:border-accent hover:text-white';
