import { describe, expect, it } from 'vitest';
import { normalizeTag, sameTag, tagVariants, uniqueTags } from '../../../shared/tags/normalize-tag';

describe('normalizeTag', () => {
  it('trims, lower-cases and collapses inner whitespace to single spaces', () => {
    expect(normalizeTag('  Fin \t  Tech\n')).toBe('fin tech');
  });

  it('returns an empty string for a blank tag', () => {
    expect(normalizeTag('   ')).toBe('');
  });

  it('leaves an already normalised tag unchanged', () => {
    expect(normalizeTag('saas')).toBe('saas');
  });
});

describe('sameTag', () => {
  it('treats case and spacing variants as the same tag', () => {
    expect(sameTag('Pre Seed', ' pre  SEED ')).toBe(true);
  });

  it('tells different tags apart', () => {
    expect(sameTag('seed', 'pre seed')).toBe(false);
  });
});

describe('tagVariants', () => {
  it('returns lower, upper, capitalised and title case variants in that order', () => {
    expect(tagVariants('health tech')).toEqual(['health tech', 'HEALTH TECH', 'Health tech', 'Health Tech']);
  });

  it('drops variants that coincide, as capitalised and title case do for one word', () => {
    expect(tagVariants('SaaS')).toEqual(['saas', 'SAAS', 'Saas']);
  });

  it('builds the variants from the normalised tag', () => {
    expect(tagVariants('  SERIES   a ')).toEqual(['series a', 'SERIES A', 'Series a', 'Series A']);
  });

  it('returns a single variant when case does not apply', () => {
    expect(tagVariants('3d')).toEqual(['3d', '3D']);
    expect(tagVariants('123')).toEqual(['123']);
  });

  it('returns no variants for a blank tag', () => {
    expect(tagVariants(' ')).toEqual([]);
  });
});

describe('uniqueTags', () => {
  it('drops blanks and later case variants, keeping the first spelling and the order', () => {
    expect(uniqueTags(['SaaS', ' ', 'AI', 'saas', 'ai ', 'Fintech'])).toEqual(['SaaS', 'AI', 'Fintech']);
  });
});
