import { describe, expect, test } from 'vitest';
import { sanitizeRichText } from '../../../src/platform/rich-text.ts';

describe('sanitizeRichText keeps basic formatting', () => {
  test.each([
    '<p>Ciao <strong>forte</strong> <em>corsivo</em> <u>sotto</u> <s>barrato</s></p>',
    '<h2>Regole</h2><h3>Sezione</h3>',
    '<ul><li>uno</li><li>due</li></ul><ol><li>a</li></ol>',
    '<blockquote>citazione</blockquote><hr /><p>a<br />b</p>',
    '<pre><code>code</code></pre>',
  ])('%s is kept as is', (html) => expect(sanitizeRichText(html)).toBe(html));
});

describe('links', () => {
  test('an https link opens in a new tab without opener', () =>
    expect(sanitizeRichText('<a href="https://example.com/x">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    ));
  test('a mailto link is kept', () =>
    expect(sanitizeRichText('<a href="mailto:a@b.it">m</a>')).toContain('href="mailto:a@b.it"'));
  test('a rel or target from the author is replaced', () =>
    expect(sanitizeRichText('<a href="https://e.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    ));
  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'http://plain.example',
    'data:text/html,<script>x</script>',
    '//evil.example',
    '/relative',
    'vbscript:x',
  ])('href %s is dropped, the text stays', (href) => {
    const out = sanitizeRichText(`<a href="${href}">text</a>`);
    expect(out).toBe('<a>text</a>');
  });
});

describe('images', () => {
  test.each(['https://cdn.example/a.png', '/media/abc.webp'])('src %s is kept', (src) =>
    expect(sanitizeRichText(`<img src="${src}" alt="a" />`)).toBe(`<img src="${src}" alt="a" />`),
  );
  test.each([
    'http://cdn.example/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '/etc/passwd',
    '//evil.example/a.png',
    'x',
  ])('an image from %s is removed', (src) =>
    expect(sanitizeRichText(`<p>a<img src="${src}" />b</p>`)).toBe('<p>ab</p>'),
  );
});

describe('everything dangerous goes', () => {
  test.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<style>p{color:red}</style><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" style="color:red" class="x" id="y">ok</p>', '<p>ok</p>'],
    ['<img src="https://e.com/a.png" onerror="alert(1)" />', '<img src="https://e.com/a.png" />'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<object data="x"></object><embed src="y" /><p>ok</p>', '<p>ok</p>'],
    ['<form action="https://e.com"><input name="a" /><button>go</button></form>', 'go'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['<p>a<!-- comment --></p>', '<p>a</p>'],
    ['<div><span>plain</span></div>', 'plain'],
  ])('%s → %s', (input, output) => expect(sanitizeRichText(input)).toBe(output));

  test('an unclosed tag cannot swallow the rest of the page', () => {
    const out = sanitizeRichText('<p>ok<script>alert(1)');
    expect(out).not.toMatch(/script|alert/);
  });
  test('text is escaped, not interpreted', () => expect(sanitizeRichText('1 < 2 & "x"')).toBe('1 &lt; 2 &amp; "x"'));
  test('running it twice changes nothing', () => {
    const once = sanitizeRichText(
      '<p onclick="x">a<a href="https://e.com">l</a><img src="/media/a.png" onerror="y" /></p>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});
