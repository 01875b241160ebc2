import { describe, expect, it } from 'vitest';
import { linkedHtml, trackedText, updateEmail, updateLinks } from '../../../shared/updates/email';

/** The links of an investor update (issue 53): found in the sections, tracked in each recipient's email. */

const content = {
  projectName: 'Acme <Labs>',
  subject: 'Acme: June update',
  figures: [],
  highlights: 'Demo at https://acme.example/demo. See (https://acme.example/blog?a=1&b=2).',
  lowlights: 'Churn up; notes: http://notes.example/x"onmouseover="alert(1)',
  asks: 'Intros please: https://acme.example/demo again, and ftp://files.example/no is not a link.',
};
const track = (index: number) => `https://site.example/api/update-link?r=TOKEN&l=${index}`;

describe("an update's links", () => {
  it('lists every distinct http(s) address in the sections, first seen first, without trailing punctuation', () => {
    expect(updateLinks(content)).toEqual([
      'https://acme.example/demo',
      'https://acme.example/blog?a=1&b=2',
      'http://notes.example/x',
    ]);
    expect(updateLinks({ highlights: 'No links here.', lowlights: '', asks: 'https:// nothing' })).toEqual(
      [],
    );
  });

  it('replaces each link in the plain part by its tracked address, and leaves the text as written without one', () => {
    const links = updateLinks(content);
    expect(trackedText(content.highlights, links, track)).toBe(
      'Demo at https://site.example/api/update-link?r=TOKEN&l=0. See (https://site.example/api/update-link?r=TOKEN&l=1).',
    );
    expect(trackedText(content.asks, links, track)).toContain('update-link?r=TOKEN&l=0 again');
    expect(trackedText(content.highlights, links)).toBe(content.highlights);
  });

  it('makes each link an anchor in the HTML part, escaping the address and the text around it', () => {
    const links = updateLinks(content);
    expect(linkedHtml(content.highlights, links, track)).toBe(
      'Demo at <a href="https://site.example/api/update-link?r=TOKEN&amp;l=0">https://acme.example/demo</a>. ' +
        'See (<a href="https://site.example/api/update-link?r=TOKEN&amp;l=1">https://acme.example/blog?a=1&amp;b=2</a>).',
    );
    const lowlights = linkedHtml(content.lowlights, links, track);
    expect(lowlights).toBe(
      'Churn up; notes: <a href="https://site.example/api/update-link?r=TOKEN&amp;l=2">http://notes.example/x</a>&quot;onmouseover=&quot;alert(1)',
    );
    expect(linkedHtml('<b>bold</b>', [], track)).toBe('&lt;b&gt;bold&lt;/b&gt;');
  });

  it("tracks the founder's links in both parts of a recipient's email only when given the tracked address", () => {
    const links = {
      readUrl: 'https://site.example/updates/read/W?r=TOKEN',
      unsubscribeUrl: 'https://site.example/u',
    };
    const tracked = updateEmail(content, { ...links, linkUrl: track });
    expect(tracked.text).toContain('update-link?r=TOKEN&l=2');
    expect(tracked.text).not.toContain('https://acme.example/demo');
    expect(tracked.html).toContain('href="https://site.example/api/update-link?r=TOKEN&amp;l=1"');
    expect(tracked.html).not.toContain('onmouseover="');
    const plain = updateEmail(content, links);
    expect(plain.text).toContain('Demo at https://acme.example/demo.');
    expect(plain.html).toContain('<a href="https://acme.example/demo">https://acme.example/demo</a>');
    expect(plain.html).toContain('Acme &lt;Labs&gt;');
  });
});
