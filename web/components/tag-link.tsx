import { Link } from 'react-router-dom';
import { tagLabel } from '../../shared/tags/display';
import { paths } from '../config/paths';

export type TagField = 'stageFocus' | 'sectorFocus';

/**
 * A stage or sector tag that leads to a search by that value, shown in display case ("Series A");
 * `count` is shown when given.
 */
export function TagLink({
  field,
  tag,
  count,
  highlighted = false,
}: {
  field: TagField;
  tag: string;
  count?: number;
  highlighted?: boolean;
}) {
  const variant = field === 'stageFocus' ? 'primary' : 'success';
  const classes = highlighted
    ? `bg-${variant} text-white border-${variant}`
    : `bg-${variant}-subtle text-${variant}-emphasis border-${variant}-subtle`;
  return (
    <Link
      to={paths.investorSearch.href({ [field]: tag })}
      className={`tag-link badge rounded-pill border fw-normal fs-6 ${classes}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      {tagLabel(tag)}
      {count !== undefined ? (
        <span className="ms-1 opacity-75">({count.toLocaleString('en-US')})</span>
      ) : null}
    </Link>
  );
}
