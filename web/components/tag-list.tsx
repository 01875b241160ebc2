import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { collapseTags } from '../../shared/tags/collapse-tags';

/** Not in the spec: the control that folds an expanded list again. */
export const SHOW_FEWER = 'Show fewer';

export interface TagListProps {
  tags: readonly string[];
  /** Plural noun of the toggle, e.g. 'sectors' in '...and 4 more sectors'. */
  things: string;
  /** Tags always shown first and outside the limit, e.g. the tag being searched for. */
  highlighted?: readonly string[];
  /** Renders one tag; `highlighted` is true for a highlighted tag. */
  renderTag: (tag: string, highlighted: boolean) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  className?: string;
}

/**
 * A list of tags that collapses as spec section 2 says: above 7 non-highlighted tags it shows 6 and a
 * toggle '...and N more {things}' that expands the list, and an expanded list has 'Show fewer' to
 * fold it again; a list of 7 or fewer shows every tag and no control (the spec's inert 'Show all'
 * label read as a link that did nothing: issue 18, docs/decisions.md).
 */
export function TagList({ tags, things, highlighted = [], renderTag, label, className }: TagListProps) {
  const [expanded, setExpanded] = useState(false);
  const collapsed = collapseTags(tags, highlighted, things);
  const shown = expanded ? [...collapsed.visible, ...collapsed.hidden] : collapsed.visible;
  if (collapsed.highlighted.length === 0 && shown.length === 0) return null;

  return (
    <div className={`d-flex flex-wrap align-items-center gap-2 ${className ?? ''}`}>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={label}>
        {collapsed.highlighted.map((tag) => (
          <li key={`h-${tag}`}>{renderTag(tag, true)}</li>
        ))}
        {shown.map((tag) => (
          <li key={tag}>{renderTag(tag, false)}</li>
        ))}
      </ul>
      {collapsed.collapsible ? (
        <Button
          variant="link"
          size="sm"
          className="p-0 tag-list-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? SHOW_FEWER : collapsed.toggleLabel}
        </Button>
      ) : null}
    </div>
  );
}
