import { FACETS } from './filters';
import {
  columnLength,
  type DictionaryColumn,
  emptyListColumn,
  type FacetColumn,
  type IndexData,
  type ListFacet,
  type StringColumn,
  type VocabularyData,
} from './index-data';
import type { TextIndexData } from './text-index';
import { strictUtf8Decoder, utf8Encoder } from './utf8';

/**
 * The search snapshot's binary form (docs/data-model.md, "Combined search: the snapshot index"):
 *
 *     "VCSX"  u32 format version  u32 header length  header (JSON)  sections, each at a multiple of 8
 *
 * The header names each section (a column of the index, index-data.ts), its element type, its
 * encoding, where it starts and how many bytes and elements it has. Whole-number columns (offsets,
 * ids, postings) are zigzag-delta varints: sorted lists and offsets shrink to a byte or two per
 * element; the rest are raw little-endian arrays. Reading is a pass over each varint section and a
 * copy of each raw one: no parsing of values, no sorting, no string per investor. The caller
 * compresses the whole (gzip) for storage.
 */

export const INDEX_FORMAT_VERSION = 2;
const MAGIC = [0x56, 0x43, 0x53, 0x58]; // "VCSX"

export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}

type ElementType = 'u8' | 'u16' | 'u32' | 'f64' | 'utf8';
type Encoding = 'raw' | 'varint';

interface SectionHeader {
  name: string;
  type: ElementType;
  encoding: Encoding;
  offset: number;
  bytes: number;
  count: number;
}

interface Header {
  builtAt: string;
  foldedThrough: string;
  size: number;
  sections: SectionHeader[];
}

type Section = Uint8Array | Uint16Array | Uint32Array | Float64Array | string;

// ------------------------------------------------------------------ flattening

function flatten(data: IndexData): [string, Section][] {
  const out: [string, Section][] = [];
  const strings = (name: string, column: StringColumn) => {
    out.push([`${name}.bytes`, column.bytes], [`${name}.offsets`, column.offsets]);
  };
  const dictionary = (name: string, column: DictionaryColumn) => {
    out.push([`${name}.ids`, column.ids]);
    strings(`${name}.table`, column.table);
  };
  const text = (name: string, index: TextIndexData) => {
    out.push(
      [`${name}.terms`, index.terms],
      [`${name}.termStarts`, index.termStarts],
      [`${name}.postingStarts`, index.postingStarts],
      [`${name}.postingDocs`, index.postingDocs],
      [`${name}.postingFields`, index.postingFields],
    );
  };
  strings('ids', data.ids);
  strings('names', data.names);
  dictionary('firms', data.firms);
  dictionary('titles', data.titles);
  strings('theses', data.theses);
  out.push(
    ['flags', data.flags],
    ['marks', data.marks],
    ['confirmed', data.confirmed],
    ['checkMin', data.checkMin],
    ['checkMax', data.checkMax],
    ['updatedAt', data.updatedAt],
    ['updatedOrder', data.updatedOrder],
    ['lead', data.lead],
    ['typicalCheque', data.typicalCheque],
    ['investsIn.offsets', data.investsIn.offsets],
    ['investsIn.spellingIds', data.investsIn.spellingIds],
  );
  strings('investsIn.spellings', data.investsIn.spellings);
  out.push(['addedAt', data.addedAt]);
  out.push(['deals.offsets', data.deals.offsets], ['deals.spellingIds', data.deals.spellingIds]);
  strings('deals.spellings', data.deals.spellings);
  out.push(['vintage', data.vintage]);
  for (const facet of FACETS) {
    const column = data.facets[facet];
    out.push([`facet.${facet}.offsets`, column.offsets], [`facet.${facet}.spellingIds`, column.spellingIds]);
    strings(`facet.${facet}.spellings`, column.spellings);
    out.push([`facet.${facet}.spellingValue`, column.spellingValue]);
    strings(`facet.${facet}.values`, column.values);
    out.push([`facet.${facet}.labels`, column.labels]);
  }
  text('text', data.text);
  text('firmText', data.firmText);
  const v = data.vocabulary;
  out.push(['vocabulary.facets', v.facets], ['vocabulary.regions', v.regions]);
  strings('vocabulary.labels', v.labels);
  strings('vocabulary.texts', v.texts);
  out.push(['vocabulary.valueStarts', v.valueStarts], ['vocabulary.valueIds', v.valueIds]);
  text('vocabulary.words', v.words);
  return out;
}

function unflatten(header: Header, sections: Map<string, Section>): IndexData {
  const get = <T extends Section>(name: string, kind: string): T => {
    const section = sections.get(name);
    if (section === undefined) throw new SnapshotFormatError(`The search snapshot has no section ${name}`);
    const actual =
      typeof section === 'string'
        ? 'utf8'
        : section instanceof Uint8Array
          ? 'u8'
          : section instanceof Uint16Array
            ? 'u16'
            : section instanceof Uint32Array
              ? 'u32'
              : 'f64';
    if (actual !== kind) throw new SnapshotFormatError(`Section ${name} is ${actual}, not ${kind}`);
    return section as T;
  };
  const strings = (name: string): StringColumn => {
    const column = {
      bytes: get<Uint8Array>(`${name}.bytes`, 'u8'),
      offsets: get<Uint32Array>(`${name}.offsets`, 'u32'),
    };
    const last = column.offsets[column.offsets.length - 1];
    if (column.offsets.length === 0 || last !== column.bytes.length)
      throw new SnapshotFormatError(`Section ${name} is damaged`);
    return column;
  };
  const dictionary = (name: string): DictionaryColumn => ({
    ids: get<Uint32Array>(`${name}.ids`, 'u32'),
    table: strings(`${name}.table`),
  });
  const text = (name: string): TextIndexData => {
    const index = {
      terms: get<string>(`${name}.terms`, 'utf8'),
      termStarts: get<Uint32Array>(`${name}.termStarts`, 'u32'),
      postingStarts: get<Uint32Array>(`${name}.postingStarts`, 'u32'),
      postingDocs: get<Uint32Array>(`${name}.postingDocs`, 'u32'),
      postingFields: get<Uint8Array>(`${name}.postingFields`, 'u8'),
    };
    if (
      index.termStarts.length !== index.postingStarts.length ||
      index.termStarts[index.termStarts.length - 1] !== index.terms.length ||
      index.postingStarts[index.postingStarts.length - 1] !== index.postingDocs.length ||
      index.postingDocs.length !== index.postingFields.length
    )
      throw new SnapshotFormatError(`Section ${name} is damaged`);
    return index;
  };
  /**
   * The shortlist's columns (issue 35) came after format 2: a snapshot written before them has none,
   * and reads as if no investor had those facts (the next aggregation writes them). Either all or none.
   */
  const n = header.size;
  const shortlist = ['lead', 'typicalCheque', 'investsIn.offsets', 'addedAt'].filter((name) =>
    sections.has(name),
  );
  if (shortlist.length !== 0 && shortlist.length !== 4)
    throw new SnapshotFormatError('The search snapshot holds some of the shortlist columns only');
  const withShortlist = shortlist.length === 4;
  // The deploying-now columns (issue 52) came after: likewise all or none.
  const deploying = ['deals.offsets', 'vintage'].filter((name) => sections.has(name));
  if (deploying.length === 1)
    throw new SnapshotFormatError('The search snapshot holds some of the deploying-now columns only');
  const withDeploying = deploying.length === 2;
  const nanColumn = () => new Float64Array(n).fill(Number.NaN);
  const facets = {} as Record<ListFacet, FacetColumn>;
  for (const facet of FACETS) {
    facets[facet] = {
      offsets: get(`facet.${facet}.offsets`, 'u32'),
      spellingIds: get(`facet.${facet}.spellingIds`, 'u32'),
      spellings: strings(`facet.${facet}.spellings`),
      spellingValue: get(`facet.${facet}.spellingValue`, 'u32'),
      values: strings(`facet.${facet}.values`),
      labels: get(`facet.${facet}.labels`, 'u32'),
    };
  }
  const vocabulary: VocabularyData = {
    facets: get('vocabulary.facets', 'u8'),
    regions: get('vocabulary.regions', 'u8'),
    labels: strings('vocabulary.labels'),
    texts: strings('vocabulary.texts'),
    valueStarts: get('vocabulary.valueStarts', 'u32'),
    valueIds: get('vocabulary.valueIds', 'u32'),
    words: text('vocabulary.words'),
  };
  const data: IndexData = {
    builtAt: header.builtAt,
    foldedThrough: header.foldedThrough,
    size: header.size,
    ids: strings('ids'),
    names: strings('names'),
    firms: dictionary('firms'),
    titles: dictionary('titles'),
    theses: strings('theses'),
    flags: get('flags', 'u8'),
    marks: get('marks', 'u8'),
    confirmed: get('confirmed', 'u16'),
    checkMin: get('checkMin', 'f64'),
    checkMax: get('checkMax', 'f64'),
    updatedAt: get('updatedAt', 'f64'),
    updatedOrder: get('updatedOrder', 'u32'),
    lead: withShortlist ? get('lead', 'u8') : new Uint8Array(n),
    typicalCheque: withShortlist ? get('typicalCheque', 'f64') : nanColumn(),
    investsIn: withShortlist
      ? {
          offsets: get('investsIn.offsets', 'u32'),
          spellingIds: get('investsIn.spellingIds', 'u32'),
          spellings: strings('investsIn.spellings'),
        }
      : emptyListColumn(n),
    addedAt: withShortlist ? get('addedAt', 'f64') : nanColumn(),
    deals: withDeploying
      ? {
          offsets: get('deals.offsets', 'u32'),
          spellingIds: get('deals.spellingIds', 'u32'),
          spellings: strings('deals.spellings'),
        }
      : emptyListColumn(n),
    vintage: withDeploying ? get('vintage', 'u16') : new Uint16Array(n),
    facets,
    text: text('text'),
    firmText: text('firmText'),
    vocabulary,
  };
  const perInvestor = [
    data.ids.offsets.length - 1,
    data.names.offsets.length - 1,
    data.firms.ids.length,
    data.titles.ids.length,
    data.theses.offsets.length - 1,
    data.flags.length,
    data.marks.length,
    data.confirmed.length / 5,
    data.checkMin.length,
    data.checkMax.length,
    data.updatedAt.length,
    data.updatedOrder.length,
    data.lead.length,
    data.typicalCheque.length,
    data.investsIn.offsets.length - 1,
    data.addedAt.length,
    data.deals.offsets.length - 1,
    data.vintage.length,
    ...FACETS.map((facet) => data.facets[facet].offsets.length - 1),
  ];
  const spellings = columnLength(data.investsIn.spellings);
  if (
    data.investsIn.offsets[n] !== data.investsIn.spellingIds.length ||
    data.investsIn.spellingIds.some((id) => id >= spellings)
  )
    throw new SnapshotFormatError('Section investsIn is damaged');
  const dealSpellings = columnLength(data.deals.spellings);
  if (
    data.deals.offsets[n] !== data.deals.spellingIds.length ||
    data.deals.spellingIds.some((id) => id >= dealSpellings)
  )
    throw new SnapshotFormatError('Section deals is damaged');
  if (perInvestor.some((length) => length !== n))
    throw new SnapshotFormatError(
      'The search snapshot does not hold a value of every column for every investor',
    );
  return data;
}

// ------------------------------------------------------------------ varints

class Writer {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  private reserve(more: number) {
    if (this.length + more <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + more) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  write(bytes: Uint8Array) {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  align(to: number) {
    const pad = (to - (this.length % to)) % to;
    this.reserve(pad);
    this.bytes.fill(0, this.length, this.length + pad);
    this.length += pad;
  }

  /** Each element as the zigzag varint of its difference from the one before. */
  varints(values: Uint32Array) {
    this.reserve(values.length * 5);
    const out = this.bytes;
    let at = this.length;
    let previous = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      const delta = value - previous;
      previous = value;
      // Zigzag over the safe range of a double (deltas lie within ±2^32).
      let z = delta >= 0 ? delta * 2 : -delta * 2 - 1;
      while (z >= 0x80) {
        out[at++] = (z % 0x80) | 0x80;
        z = Math.floor(z / 0x80);
      }
      out[at++] = z;
    }
    this.length = at;
  }
}

function readVarints(bytes: Uint8Array, start: number, end: number, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let at = start;
  let previous = 0;
  for (let i = 0; i < count; i++) {
    let z = 0;
    let scale = 1;
    let byte: number;
    do {
      if (at >= end) throw new SnapshotFormatError('A section of the search snapshot is cut short');
      byte = bytes[at++] as number;
      z += (byte & 0x7f) * scale;
      scale *= 0x80;
    } while (byte & 0x80);
    const delta = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    previous += delta;
    out[i] = previous;
  }
  if (at !== end) throw new SnapshotFormatError('A section of the search snapshot has bytes left over');
  return out;
}

// ------------------------------------------------------------------ encode and decode

const encoder = utf8Encoder;
const decoder = strictUtf8Decoder;
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The index as bytes (uncompressed). */
export function encodeIndex(data: IndexData): Uint8Array {
  if (!littleEndian) throw new Error('The search snapshot is written on little-endian machines only');
  const body = new Writer();
  const sections: SectionHeader[] = [];
  for (const [name, section] of flatten(data)) {
    body.align(8);
    const offset = body.length;
    let type: ElementType;
    let encoding: Encoding = 'raw';
    let count: number;
    if (typeof section === 'string') {
      const bytes = encoder.encode(section);
      body.write(bytes);
      type = 'utf8';
      count = section.length;
    } else if (section instanceof Uint32Array) {
      body.varints(section);
      type = 'u32';
      encoding = 'varint';
      count = section.length;
    } else {
      body.write(new Uint8Array(section.buffer, section.byteOffset, section.byteLength));
      type = section instanceof Uint8Array ? 'u8' : section instanceof Uint16Array ? 'u16' : 'f64';
      count = section.length;
    }
    sections.push({ name, type, encoding, offset, bytes: body.length - offset, count });
  }
  const header: Header = {
    builtAt: data.builtAt,
    foldedThrough: data.foldedThrough,
    size: data.size,
    sections,
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const prefixLength = 12 + headerBytes.length;
  const start = prefixLength + ((8 - (prefixLength % 8)) % 8);
  const out = new Uint8Array(start + body.length);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, INDEX_FORMAT_VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 12);
  out.set(body.bytes.subarray(0, body.length), start);
  return out;
}

/** The version a stored snapshot says it is in, or null when it is not a binary snapshot at all. */
export function indexFormatVersion(bytes: Uint8Array): number | null {
  if (bytes.length < 12 || MAGIC.some((byte, i) => bytes[i] !== byte)) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
}

/** The index from its bytes; a snapshot of another version, or a damaged one, is refused. */
export function decodeIndex(bytes: Uint8Array): IndexData {
  if (!littleEndian) throw new Error('The search snapshot is read on little-endian machines only');
  const version = indexFormatVersion(bytes);
  if (version !== INDEX_FORMAT_VERSION)
    throw new SnapshotFormatError(`Not a version ${INDEX_FORMAT_VERSION} search snapshot`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(8, true);
  if (12 + headerLength > bytes.length) throw new SnapshotFormatError('The search snapshot is cut short');
  let header: Header;
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(12, 12 + headerLength))) as Header;
  } catch {
    throw new SnapshotFormatError("The search snapshot's header is damaged");
  }
  const prefixLength = 12 + headerLength;
  const start = prefixLength + ((8 - (prefixLength % 8)) % 8);
  if (!Array.isArray(header.sections) || !Number.isInteger(header.size))
    throw new SnapshotFormatError("The search snapshot's header is damaged");
  const sections = new Map<string, Section>();
  for (const section of header.sections) {
    const from = start + section.offset;
    const to = from + section.bytes;
    if (!(section.offset >= 0 && section.bytes >= 0 && to <= bytes.length))
      throw new SnapshotFormatError(`Section ${section.name} lies outside the search snapshot`);
    const raw = bytes.subarray(from, to);
    let value: Section;
    if (section.type === 'utf8') {
      try {
        value = decoder.decode(raw);
      } catch {
        throw new SnapshotFormatError(`Section ${section.name} is not UTF-8`);
      }
      if (value.length !== section.count) throw new SnapshotFormatError(`Section ${section.name} is damaged`);
    } else if (section.type === 'u32' && section.encoding === 'varint') {
      value = readVarints(bytes, from, to, section.count);
    } else {
      const width = section.type === 'u8' ? 1 : section.type === 'u16' ? 2 : section.type === 'f64' ? 8 : 0;
      if (width === 0 || section.count * width !== section.bytes)
        throw new SnapshotFormatError(`Section ${section.name} is damaged`);
      // A copy: the views own their memory, and the decompressed bytes can be collected.
      // (Not `raw.slice()`: on a Node Buffer that is a view, not a copy.)
      const copy = new Uint8Array(raw.length);
      copy.set(raw);
      value =
        section.type === 'u8'
          ? copy
          : section.type === 'u16'
            ? new Uint16Array(copy.buffer, 0, section.count)
            : new Float64Array(copy.buffer, 0, section.count);
    }
    sections.set(section.name, value);
  }
  return unflatten(header, sections);
}
