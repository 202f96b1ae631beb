import { LEGAL_DOCUMENTS } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import { findPolicyDocument, POLICY_DOCUMENTS } from './registry';
import { testCompany } from './test-company';

describe('policy registry', () => {
  it('holds the twelve documents once each, in the order of LEGAL_DOCUMENTS', () => {
    expect(POLICY_DOCUMENTS).toHaveLength(12);
    expect(POLICY_DOCUMENTS.map((doc) => doc.slug)).toEqual([...LEGAL_DOCUMENTS]);
    expect(new Set(POLICY_DOCUMENTS).size).toBe(12);
  });

  it('finds a document by slug and nothing for an unknown slug', () => {
    for (const slug of LEGAL_DOCUMENTS) expect(findPolicyDocument(slug)?.slug).toBe(slug);
    expect(findPolicyDocument('nope')).toBeUndefined();
    expect(findPolicyDocument('')).toBeUndefined();
    expect(findPolicyDocument('Privacy')).toBeUndefined();
  });

  it('gives every document a distinct title, a summary and non-empty sections', () => {
    expect(new Set(POLICY_DOCUMENTS.map((doc) => doc.title)).size).toBe(12);
    for (const doc of POLICY_DOCUMENTS) {
      expect(doc.title.trim(), doc.slug).not.toBe('');
      expect(doc.summary.length, doc.slug).toBeGreaterThan(40);
      // Meta descriptions are cut off by search engines after roughly this length.
      expect(doc.summary.length, doc.slug).toBeLessThanOrEqual(200);
      const sections = doc.sections(testCompany());
      expect(sections.length, doc.slug).toBeGreaterThanOrEqual(4);
      const headings = sections.map((s) => s.heading);
      expect(new Set(headings).size, `${doc.slug}: duplicate heading`).toBe(headings.length);
      for (const section of sections) {
        expect(section.heading.trim(), doc.slug).not.toBe('');
        const texts = [...section.paragraphs, ...(section.bullets ?? [])];
        expect(texts.length, `${doc.slug} / ${section.heading}`).toBeGreaterThan(0);
        for (const text of texts) expect(text.trim(), `${doc.slug} / ${section.heading}`).not.toBe('');
      }
    }
  });
});
