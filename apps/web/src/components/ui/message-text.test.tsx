import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageText } from './message-text';

const html = (text: string) => renderToStaticMarkup(<MessageText text={text} linkClassName="lien" />);

describe('MessageText', () => {
  it('shows markup as text, never as HTML', () => {
    const markup = html('<img src=x onerror="alert(1)"> <b>gras</b>');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('<b>');
    expect(markup).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;gras&lt;/b&gt;');
  });

  it('keeps the line breaks in a pre-wrap paragraph and links the http(s) addresses apart', () => {
    expect(html('Bonjour\nVoir https://exemple.cm/a?b=1&c=2.')).toBe(
      '<p class="whitespace-pre-wrap break-words text-sm">Bonjour\nVoir ' +
        '<a href="https://exemple.cm/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow" class="lien">' +
        'https://exemple.cm/a?b=1&amp;c=2</a>.</p>',
    );
  });

  it('leaves a javascript: address as text', () => {
    expect(html('javascript:alert(1)')).not.toContain('<a');
  });
});
