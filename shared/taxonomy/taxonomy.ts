import * as z from 'zod/mini';
import { compareNamesEn } from '../format/numbers';
import { normalizeTag } from '../tags/normalize-tag';
import { taxonomyKey } from './fold';
import { DEFAULT_SECTORS, DEFAULT_STAGES, type TaxonomyEntrySeed } from './sectors';

/** The lists the taxonomy keeps with synonyms, as admins edit them. */
export const TAXONOMY_KINDS = ['sector', 'stage'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];
export const taxonomyKindSchema = z.enum(TAXONOMY_KINDS);

/** The investor field each list fills. */
export const FIELD_OF_KIND = { sector: 'sectorFocus', stage: 'stageFocus' } as const;

/**
 * An admin's edit of one entry, stored in the table: synonyms added to a default entry, or a sector
 * added with its synonyms (`added`). The defaults themselves live in code (sectors.ts).
 */
export const taxonomyEditSchema = z.object({
  kind: taxonomyKindSchema,
  /** The entry's stored value (its label in lower case). */
  value: z.string().check(z.minLength(1)),
  label: z.string().check(z.minLength(1)),
  synonyms: z.array(z.string()),
  added: z.boolean(),
  updatedAt: z.string(),
});
export type TaxonomyEdit = z.infer<typeof taxonomyEditSchema>;

/** One entry of a list: what is stored, what is shown, the other spellings it takes. */
export interface TaxonomyEntry {
  value: string;
  label: string;
  synonyms: string[];
  /** Added by an admin (not a default). */
  added: boolean;
  /** The stored values of the entries nearest it (offered when no investor carries it). */
  near: string[];
}

/** The stored value of a label: lower case, spaces collapsed (as tags always were). */
export const entryValueOf = (label: string): string => normalizeTag(label);

/** What mapping a list of values gives: the taxonomy's values (each once, in order) and those it does not know. */
export interface MappedValues {
  values: string[];
  unmapped: string[];
}

function entriesOf(seeds: readonly TaxonomyEntrySeed[]): TaxonomyEntry[] {
  return seeds.map((seed) => ({
    value: entryValueOf(seed.label),
    label: seed.label,
    synonyms: [...seed.synonyms],
    added: false,
    near: (seed.near ?? []).map(entryValueOf),
  }));
}

/**
 * The taxonomy: the default sectors and stages with the admins' edits applied, and the lookups that
 * map any spelling to an entry (folded with {@link taxonomyKey}: case, accents, punctuation and
 * spacing never matter). A label wins over a synonym of another entry; the first entry wins among
 * synonyms (admins cannot add a synonym another entry has: the API refuses it).
 */
export class Taxonomy {
  private readonly lists: Record<TaxonomyKind, TaxonomyEntry[]>;
  private readonly lookups: Record<TaxonomyKind, Map<string, TaxonomyEntry>>;

  constructor(edits: readonly TaxonomyEdit[] = []) {
    this.lists = { sector: entriesOf(DEFAULT_SECTORS), stage: entriesOf(DEFAULT_STAGES) };
    for (const edit of edits) {
      const list = this.lists[edit.kind];
      const entry = list.find((e) => e.value === edit.value);
      if (entry) entry.synonyms = [...new Set([...entry.synonyms, ...edit.synonyms])];
      else
        list.push({
          value: edit.value,
          label: edit.label,
          synonyms: [...edit.synonyms],
          added: true,
          near: [],
        });
    }
    for (const kind of TAXONOMY_KINDS)
      if (kind === 'sector') this.lists[kind].sort((a, b) => compareNamesEn(a.label, b.label));
    this.lookups = { sector: new Map(), stage: new Map() };
    for (const kind of TAXONOMY_KINDS) {
      const lookup = this.lookups[kind];
      for (const entry of this.lists[kind]) lookup.set(taxonomyKey(entry.label), entry);
      for (const entry of this.lists[kind])
        for (const synonym of entry.synonyms) {
          const key = taxonomyKey(synonym);
          if (key !== '' && !lookup.has(key)) lookup.set(key, entry);
        }
    }
  }

  /** The entries of a list: sectors alphabetical, stages in the founders' order. */
  entries(kind: TaxonomyKind): readonly TaxonomyEntry[] {
    return this.lists[kind];
  }

  /** The entry a spelling stands for (its label, stored value or a synonym), or null. */
  resolve(kind: TaxonomyKind, raw: string): TaxonomyEntry | null {
    const key = taxonomyKey(raw);
    if (key === '') return null;
    const found = this.lookups[kind].get(key);
    if (found) return found;
    // "Fintech (payments, lending)" not listed as such: the words before the brackets name the entry.
    const head = raw.replace(/\(.*$/s, '');
    return head !== raw ? (this.lookups[kind].get(taxonomyKey(head)) ?? null) : null;
  }

  /** The entry whose stored value this is (exactly), or null. */
  entry(kind: TaxonomyKind, value: string): TaxonomyEntry | null {
    return this.lists[kind].find((entry) => entry.value === value) ?? null;
  }

  /** Maps a list of values: each known spelling to its entry's value (once), the rest kept apart. */
  map(kind: TaxonomyKind, raws: readonly string[]): MappedValues {
    const values: string[] = [];
    const unmapped: string[] = [];
    const seenUnmapped = new Set<string>();
    for (const raw of raws) {
      if (raw.trim() === '') continue;
      const entry = this.resolve(kind, raw);
      if (entry) {
        if (!values.includes(entry.value)) values.push(entry.value);
      } else if (!seenUnmapped.has(taxonomyKey(raw))) {
        seenUnmapped.add(taxonomyKey(raw));
        unmapped.push(normalizeTag(raw));
      }
    }
    return { values, unmapped };
  }

  /** The entry (other than `except`) that already has this spelling as its label or a synonym. */
  owner(kind: TaxonomyKind, spelling: string): TaxonomyEntry | null {
    return this.lookups[kind].get(taxonomyKey(spelling)) ?? null;
  }
}

/** The taxonomy of the defaults alone (before admin edits are read). */
export const DEFAULT_TAXONOMY = new Taxonomy();
