import type { ReactNode } from 'react';

export interface SummaryItem {
  label: string;
  value: ReactNode;
  /** The total line: bold, larger, with a rule above. */
  total?: boolean;
}

/** A label/value list (a `<dl>`) with the values right-aligned, as in an order summary. */
export function SummaryList({ items }: { items: readonly SummaryItem[] }) {
  return (
    <dl className="mb-0">
      {items.map((item) => (
        <div
          key={item.label}
          className={`d-flex justify-content-between align-items-baseline gap-3 py-1 ${item.total ? 'border-top mt-2 pt-2' : ''}`}
        >
          <dt className={item.total ? 'fw-semibold' : 'fw-normal text-body-secondary'}>{item.label}</dt>
          <dd className={`mb-0 text-end ${item.total ? 'fw-bold fs-5' : 'fw-semibold'}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
