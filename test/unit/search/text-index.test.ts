import { describe, expect, it } from 'vitest';
import {
  foldText,
  ONE_TYPO_FROM,
  searchWords,
  TWO_TYPOS_FROM,
  typoBudget,
} from '../../../shared/search/fold';
import { editDistance, TextIndex, TextIndexBuilder } from '../../../shared/search/text-index';

describe('folding and tokenising', () => {
  it('folds accents, case, spaces and letters without a decomposition', () => {
    expect(foldText('  Zoë   Ørsted ')).toBe('zoe orsted');
    expect(foldText('Straße Æble Łódź')).toBe('strasse aeble lodz');
    expect(foldText('SÃO PAULO')).toBe('sao paulo');
  });

  it('splits on anything that is not a letter or a digit, and keeps letters of every script', () => {
    expect(searchWords('Fintech (Payments, Lending)')).toEqual(['fintech', 'payments', 'lending']);
    expect(searchWords('AI/ML — a16z; O’Brien-Smith')).toEqual(['ai', 'ml', 'a16z', 'o', 'brien', 'smith']);
    expect(searchWords('Zürich 東京 Москва')).toEqual(['zurich', '東京', 'москва']);
    expect(searchWords('  ,;  ')).toEqual([]);
  });

  it('forgives one typo from 5 letters and two from 9', () => {
    expect(ONE_TYPO_FROM).toBe(5);
    expect(TWO_TYPOS_FROM).toBe(9);
    expect(typoBudget('adam')).toBe(0);
    expect(typoBudget('jandr')).toBe(1);
    expect(typoBudget('jandrooo')).toBe(1);
    expect(typoBudget('lindqvist')).toBe(2);
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and a swap of adjacent letters as one edit each', () => {
    expect(editDistance('jandro', 'jandro', 2)).toBe(0);
    expect(editDistance('jandor', 'jandro', 2)).toBe(1); // swap
    expect(editDistance('jandr', 'jandro', 2)).toBe(1); // insertion
    expect(editDistance('jandrro', 'jandro', 2)).toBe(1); // deletion
    expect(editDistance('jamdro', 'jandro', 2)).toBe(1); // substitution
    expect(editDistance('ajndor', 'jandro', 2)).toBe(2);
    expect(editDistance('xyz', 'jandro', 2)).toBe(3); // above the limit: limit + 1
  });
});

function indexOf(words: string[]): TextIndex {
  const builder = new TextIndexBuilder();
  words.forEach((word, doc) => {
    builder.add(doc, [[word, 0]]);
  });
  return new TextIndex(builder.build());
}

describe('the word index', () => {
  const words = [
    'jandro',
    'jandra',
    'jan',
    'janssen',
    'farrow',
    'harrow',
    'marlowe',
    'lindqvist',
    'lindquist',
    'ada',
  ];
  const index = indexOf(words);
  const termsOf = (list: readonly { term: number }[]) => list.map((m) => index.term(m.term)).sort();

  it('finds a word exactly and the words a prefix starts', () => {
    expect(index.term(index.find('jan'))).toBe('jan');
    expect(index.find('ja')).toBe(-1);
    const [from, to] = index.prefixRange('jan');
    expect(Array.from({ length: to - from }, (_, i) => index.term(from + i))).toEqual([
      'jan',
      'jandra',
      'jandro',
      'janssen',
    ]);
    const [none, noneTo] = index.prefixRange('zz');
    expect(noneTo - none).toBe(0);
  });

  it('finds the words within the edits allowed, with their distance', () => {
    expect(termsOf(index.fuzzy('jandor', 1))).toEqual(['jandro']);
    expect(termsOf(index.fuzzy('jandro', 1))).toEqual(['jandra', 'jandro']);
    expect(termsOf(index.fuzzy('harow', 1))).toEqual(['harrow']);
    expect(termsOf(index.fuzzy('lindkvist', 2))).toEqual(['lindquist', 'lindqvist']);
    expect(index.fuzzy('lindkvist', 2).find((m) => index.term(m.term) === 'lindquist')?.distance).toBe(2);
    expect(index.fuzzy('qqqqqq', 2)).toEqual([]);
  });

  it('finds exactly what comparing with every word finds (the trie walk skips nothing)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const letters = 'abcde';
    const word = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    const vocabulary = [...new Set(Array.from({ length: 400 }, () => word(3 + Math.floor(random() * 6))))];
    const big = indexOf(vocabulary);
    for (let i = 0; i < 60; i++) {
      const typed = word(3 + Math.floor(random() * 6));
      for (const edits of [1, 2]) {
        const expected = vocabulary.filter((w) => editDistance(typed, w, edits) <= edits).sort();
        expect(
          big
            .fuzzy(typed, edits)
            .map((m) => big.term(m.term))
            .sort(),
        ).toEqual(expected);
      }
    }
  });
});
