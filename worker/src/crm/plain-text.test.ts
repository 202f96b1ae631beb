import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_MAX, plainText } from './plain-text';

describe('plainText: HubSpot rich text as the staff page shows it', () => {
  it('turns paragraphs and breaks into lines and drops the tags', () => {
    expect(plainText('<div style="x"><p>Has a dog.</p><p>Gate code <strong>4411</strong><br>Ring twice</p></div>')).toBe('Has a dog.\nGate code 4411\nRing twice');
  });

  it('decodes entities, numeric ones too, and keeps text that only looks like a tag once decoded', () => {
    expect(plainText('Tom &amp; Ana&#39;s &lt;b&gt; &#x2713; &nbsp;done')).toBe("Tom & Ana's <b> ✓ done");
  });

  it('is null for nothing, and shortens a very long body', () => {
    expect(plainText(null)).toBeNull();
    expect(plainText('<p> </p>')).toBeNull();
    const long = plainText('a'.repeat(PLAIN_TEXT_MAX + 50));
    expect(long).toHaveLength(PLAIN_TEXT_MAX);
    expect(long?.endsWith('…')).toBe(true);
  });
});
