/**
 * Readable defaults for sanitised, admin-written HTML (headings, lists, links, quotes, code,
 * images, tables): one look on the tournament page, the news article and the editor's preview.
 */
export const richTextClass =
  'leading-relaxed break-words text-slate-200 ' +
  '[&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-white ' +
  '[&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-white ' +
  '[&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-white ' +
  '[&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-white ' +
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 ' +
  '[&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 [&_strong]:text-white ' +
  '[&_a]:font-medium [&_a]:text-accent [&_a]:underline ' +
  '[&_a]:underline-offset-4 [&_blockquote]:mt-3 [&_blockquote]:border-l-4 ' +
  '[&_blockquote]:border-brand [&_blockquote]:pl-4 [&_blockquote]:text-slate-300 ' +
  '[&_code]:rounded [&_code]:bg-black/40 [&_code]:px-1 ' +
  '[&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-black/40 ' +
  '[&_pre]:p-3 [&_img]:mt-3 [&_img]:max-w-full [&_img]:rounded-lg ' +
  '[&_table]:mt-3 [&_td]:border [&_td]:border-line [&_td]:px-2 [&_th]:border [&_th]:border-line [&_th]:px-2 ' +
  '[&_hr]:my-6 [&_hr]:border-line [&>*:first-child]:mt-0';
