import {
  CONTACT_KIND_LABELS,
  type ContactKind,
  type ContactSources,
  sourcePhrase,
  type ValueSource,
} from '../../shared/investors/provenance';

/**
 * Where a value came from and when, in a founder's words (issue 50): "From an import, Jan 2026",
 * "From the investor, confirmed Mar 2026". Nothing when the source is not known.
 */
export function ValueSourceNote({ source }: { source: ValueSource | null | undefined }) {
  const phrase = sourcePhrase(source);
  if (!phrase) return null;
  return <span className="d-block small fw-normal text-body-secondary value-source">{phrase}</span>;
}

/**
 * Before buying: per contact kind the investor has, where its value came from and when (never the
 * value). Null when no kind has a known source.
 */
export function ContactSourceList({
  kinds,
  sources,
  label,
}: {
  kinds: readonly ContactKind[];
  sources: ContactSources;
  label: string;
}) {
  const known = kinds.filter((kind) => sourcePhrase(sources[kind]) !== null);
  if (known.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-0 mt-2" aria-label={label}>
      {known.map((kind) => (
        <li key={kind}>
          <span className="fw-semibold">{CONTACT_KIND_LABELS[kind]}</span>:{' '}
          <span className="text-body-secondary">{sourcePhrase(sources[kind])}</span>
        </li>
      ))}
    </ul>
  );
}
