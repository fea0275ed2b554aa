import sanitizeHtml from 'sanitize-html';

/**
 * Tournament description and rules are admin-written HTML shown to every visitor, so they are
 * cleaned on save (the API) and again on render (the page): basic formatting, headings, lists,
 * links that can only open https or mailto in a new tab, and images from https or our own /media.
 * Scripts, styles, event handlers, iframes and every other tag or attribute are dropped. Pure, so
 * it runs the same on the server and in an Astro page.
 */
const linkHref = /^(https:\/\/|mailto:)/i;
const imageSrc = /^(https:\/\/|\/media\/)[^\s"'<>\\]*$/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // <script>, <style>, <textarea>… go with their content; other unknown tags leave their text
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const out: Record<string, string> = {};
      if (attribs.title) out.title = attribs.title;
      // a link that is not https/mailto keeps its text and loses the address
      if (linkHref.test(href)) Object.assign(out, { href, target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const out: Record<string, string> = {};
      if (imageSrc.test(src)) out.src = src;
      for (const k of ['alt', 'title', 'width', 'height']) if (attribs[k]) out[k] = attribs[k];
      return { tagName, attribs: out };
    },
  },
  // an image with no acceptable source is removed entirely
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}
